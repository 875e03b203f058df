import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * Where a route's JavaScript is listed in a Next.js (Turbopack) build: the
 * folders of its page under app/ (route groups such as "(auth)" included), its
 * client reference manifest, the key of that manifest's entry, and the layout
 * and page segments whose entry chunks load with it.
 */
export type RouteEntry = {
  /** the page's folders under app/: [] for "/", ["(auth)", "signin"] for "/signin" */
  dirs: string[];
  /** the client reference manifest, relative to the build folder */
  manifest: string;
  /** the manifest's key: "/page", "/playtest/page", "/(auth)/signin/page" */
  key: string;
  /** entry segments in load order: the root layout, each nested layout, then the page */
  segments: string[];
};

const isGroup = (dir: string) => /^\(.+\)$/.test(dir);

/**
 * Finds the page a route is served by among `pages` (each page's folders under
 * app/). A route segment matches a folder of the same name, or a dynamic
 * folder ("[id]") when the route names it literally or gives a value for it;
 * route groups are passed over. A literal folder wins over a dynamic one.
 * Null when no page serves the route.
 */
export function routeEntry(route: string, pages: readonly (readonly string[])[]): RouteEntry | null {
  const want = route.split("/").filter(Boolean);
  let best: { dirs: string[]; dynamic: number } | null = null;
  for (const dirs of pages) {
    const named = dirs.filter((d) => !isGroup(d));
    if (named.length !== want.length) continue;
    let dynamic = 0;
    const fits = named.every((d, i) => {
      if (d === want[i]) return true;
      if (/^\[.+\]$/.test(d)) {
        dynamic++;
        return true;
      }
      return false;
    });
    if (fits && (!best || dynamic < best.dynamic)) best = { dirs: [...dirs], dynamic };
  }
  if (!best) return null;
  const dirs = best.dirs;
  const segments = ["[project]/app/layout"];
  for (let i = 1; i <= dirs.length; i++) segments.push(`[project]/app/${dirs.slice(0, i).join("/")}/layout`);
  segments.push(`[project]/app/${[...dirs, "page"].join("/")}`);
  return {
    dirs,
    manifest: path.join("server", "app", ...dirs, "page_client-reference-manifest.js"),
    key: `/${[...dirs, "page"].join("/")}`,
    segments,
  };
}

/** Every page under an app/ folder, as its folders (the input of routeEntry). */
export function appPages(appDir: string): string[][] {
  const out: string[][] = [];
  const walk = (dirs: string[]) => {
    for (const e of readdirSync(path.join(appDir, ...dirs), { withFileTypes: true })) {
      if (e.isDirectory()) walk([...dirs, e.name]);
      else if (/^page\.(tsx|ts|jsx|js|mdx)$/.test(e.name)) out.push(dirs);
    }
  };
  walk([]);
  return out;
}

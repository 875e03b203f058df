/**
 * Prints the gzipped JavaScript a route loads, from a Next.js (Turbopack)
 * production build: the root main files of build-manifest.json plus the
 * route's entry chunks (layouts and page) from its client reference
 * manifest. Chunks referenced from those (the AI's Web Worker, lazy chunks)
 * are listed separately: they load after the page, off the critical path.
 *
 * Usage: tsx scripts/route-size.ts /playtest [--dist .next] [--budget 250]
 *        tsx scripts/route-size.ts --all [--dist .next] [--budget 250]
 * `--all` prints one line per page under app/ (initial and later kB gzipped,
 * the largest chunks) and exits 1 when a route is over the budget.
 * The build folder defaults to NEXT_DIST_DIR, then .next, then .next-e2e.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { appPages, routeEntry, type RouteEntry } from "./lib/route-size";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const ALL = process.argv.includes("--all");
const pages = appPages(path.join(process.cwd(), "app"));
const route = process.argv.slice(2).find((a, i, all) => a.startsWith("/") && !["--dist", "--budget"].includes(all[i - 1] ?? ""));
if (!route && !ALL) {
  console.error("Usage: tsx scripts/route-size.ts /route|--all [--dist .next] [--budget 250]");
  process.exit(1);
}
const candidates = [arg("--dist"), process.env.NEXT_DIST_DIR, ".next", ".next-e2e"].filter((x): x is string => !!x);
const budgetKb = Number(arg("--budget") ?? 250);

type Sized = { file: string; raw: number; gz: number };
const sizes = new Map<string, Sized>();
function size(dist: string, file: string): Sized {
  const key = `${dist}:${file}`;
  let s = sizes.get(key);
  if (!s) {
    const buf = readFileSync(path.join(dist, file.replace(/^\/?_next\//, "")));
    s = { file, raw: buf.length, gz: gzipSync(buf, { level: 9 }).length };
    sizes.set(key, s);
  }
  return s;
}

/** A route's initial chunks (root main files + its layouts' and page's entry chunks) and those they load later. */
function measure(entry: RouteEntry): { dist: string; initial: Sized[]; lazy: Sized[] } | string {
  const routeManifest = (d: string) => path.join(d, entry.manifest);
  // The first build that has this route (an older or partial build in .next falls through to .next-e2e).
  const dist = candidates.find((d) => existsSync(path.join(d, "build-manifest.json")) && existsSync(routeManifest(d))) ?? candidates.find((d) => existsSync(path.join(d, "build-manifest.json")));
  if (!dist) return `No Next.js build found (looked in ${candidates.join(", ")}). Run \`npx next build\` first.`;
  const build = JSON.parse(readFileSync(path.join(dist, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const manifestFile = routeManifest(dist);
  if (!existsSync(manifestFile)) return `No client reference manifest for ${entry.key} in ${dist} (expected ${manifestFile}).`;
  // The manifest is a script assigning globalThis.__RSC_MANIFEST[...]; evaluate it in a sandboxed object.
  const sandbox: { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } = {};
  new Function("globalThis", readFileSync(manifestFile, "utf8"))(sandbox);
  const m = sandbox.__RSC_MANIFEST?.[entry.key];
  if (!m?.entryJSFiles) return `The manifest has no entry chunks for ${entry.key}.`;
  const initial = new Set<string>(build.rootMainFiles);
  for (const seg of entry.segments) for (const f of m.entryJSFiles[seg] ?? []) initial.add(f);
  // Chunks referenced from the initial ones, transitively (the worker's bootstrap lists the worker's chunks).
  const lazy = new Set<string>();
  const queue = [...initial];
  while (queue.length) {
    const f = queue.shift()!;
    const text = readFileSync(path.join(dist, f), "utf8");
    for (const ref of text.match(/static\/chunks\/[A-Za-z0-9_.-]+\.js/g) ?? [])
      if (!initial.has(ref) && !lazy.has(ref) && existsSync(path.join(dist, ref))) {
        lazy.add(ref);
        queue.push(ref);
      }
  }
  return { dist, initial: [...initial].map((f) => size(dist, f)), lazy: [...lazy].map((f) => size(dist, f)) };
}

const kb = (n: number) => (n / 1024).toFixed(1);
const sum = (xs: Sized[], k: "raw" | "gz") => xs.reduce((s, x) => s + x[k], 0);

if (ALL) {
  const rows: { route: string; gz: number; later: number; top: string }[] = [];
  let dist = "";
  for (const dirs of pages) {
    const shown = "/" + dirs.filter((d) => !/^\(.+\)$/.test(d)).join("/");
    const entry = routeEntry(shown, [dirs]);
    const r = entry && measure(entry);
    if (!r || typeof r === "string") {
      console.error(`  ${shown}: ${r ?? "no entry"}`);
      continue;
    }
    dist = r.dist;
    const top = [...r.initial].sort((a, b) => b.gz - a.gz).slice(0, 2).map((s) => `${path.basename(s.file)} ${kb(s.gz)}`).join(", ");
    rows.push({ route: shown, gz: sum(r.initial, "gz"), later: sum(r.lazy, "gz"), top });
  }
  rows.sort((a, b) => b.gz - a.gz);
  console.log(`Initial JavaScript per route (gzip -9), build ${dist}, budget ${budgetKb} kB:`);
  console.log(`  ${"route".padEnd(34)} ${"initial kB".padStart(10)} ${"later kB".padStart(9)}  budget  largest initial chunks (kB gz)`);
  for (const r of rows) console.log(`  ${r.route.padEnd(34)} ${kb(r.gz).padStart(10)} ${kb(r.later).padStart(9)}  ${r.gz / 1024 <= budgetKb ? "within" : "OVER  "}  ${r.top}`);
  const over = rows.filter((r) => r.gz / 1024 > budgetKb);
  console.log(over.length ? `${over.length} of ${rows.length} routes over ${budgetKb} kB.` : `All ${rows.length} routes within ${budgetKb} kB (largest ${kb(rows[0]?.gz ?? 0)} kB).`);
  process.exit(over.length ? 1 : 0);
}

const entry = routeEntry(route!, pages);
if (!entry) {
  console.error(`No page under app/ serves ${route}.`);
  process.exit(1);
}
const r = measure(entry);
if (typeof r === "string") {
  console.error(r);
  process.exit(1);
}
const total = sum(r.initial, "gz");
console.log(`Route ${route} — build ${r.dist}`);
console.log("Initial JavaScript (gzip -9):");
for (const s of r.initial) console.log(`  ${s.file.padEnd(48)} ${kb(s.raw).padStart(8)} kB raw ${kb(s.gz).padStart(7)} kB gz`);
console.log(`  TOTAL${" ".repeat(44)}${kb(sum(r.initial, "raw")).padStart(8)} kB raw ${kb(total).padStart(7)} kB gz  (budget ${budgetKb} kB: ${total / 1024 <= budgetKb ? "within" : "OVER"})`);
if (r.lazy.length) {
  console.log("Loaded later, not already in the initial set (Web Worker bootstrap and its own chunks; the worker reuses cached page chunks too):");
  for (const s of r.lazy) console.log(`  ${s.file.padEnd(48)} ${kb(s.raw).padStart(8)} kB raw ${kb(s.gz).padStart(7)} kB gz`);
  console.log(`  TOTAL later${" ".repeat(38)}${" ".repeat(8)}         ${kb(sum(r.lazy, "gz")).padStart(7)} kB gz`);
}

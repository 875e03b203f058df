/** bench:http --mode pages: the static baseline, the public pages and the signed-in pages under load. */
import { BASE, benchSecret, CARDS, CONNECTIONS, DURATION, fail, ONLY } from "./http-config";
import { load, printRows, type Row, type Vary } from "./http-measure";
import type { Seeded } from "./http-seed";
import { session } from "./http-server";

export async function pagesMode(seeded: Seeded) {
  const html = await (await fetch(`${BASE}/`)).text();
  const asset = html.match(/\/_next\/static\/[^"']+\.js/)?.[0];
  if (!asset) fail("No static script found in the home page to use as the baseline.");
  const userCookie = await session(seeded.userEmail);
  const q = encodeURIComponent('(t:robot or t:animal) (c:blue or c:red) r>=3 -o:discard rar>=uncommon');
  const plan: [string, string, Row["kind"], Record<string, string>?, Vary?][] = [
    ["static asset", asset, "baseline"],
    ["/", "/", "public"],
    ["/cards", "/cards", "public"],
    ["/cards?q=complex", `/cards?q=${q}`, "public"],
    ["card page", seeded.cardPath, "public"],
    ["public deck /d/…", `/d/${seeded.deckSlug}`, "public"],
    ["/decks/public", "/decks/public", "public"],
    ["/collection (signed in)", "/collection", "signed-in", { cookie: userCookie }],
    ["/decks (signed in)", "/decks", "signed-in", { cookie: userCookie }],
    ["/collection (uncached)", "/collection?page=2", "uncached", { cookie: userCookie }, freshCollectionQuery()],
    ["/decks (uncached)", "/decks", "uncached", { cookie: userCookie }, await freshSessions(userCookie, 4000)],
  ];
  const rows: Row[] = [];
  for (const [name, url, kind, headers, vary] of plan) {
    if (ONLY.length && kind !== "baseline" && !ONLY.includes(name)) continue;
    process.stdout.write(`  loading ${name} (${CONNECTIONS} connections, ${DURATION} s)…\n`);
    rows.push(await load(name, url, kind, headers, vary));
  }
  printRows(rows);
}

/**
 * /collection with a query no request asked for before (page, sort, direction
 * and view in turn: thousands of distinct real pages of 60 cards): what a
 * view of a page no one asked for before costs.
 */
function freshCollectionQuery(): Vary {
  const pages = Math.max(1, Math.floor((CARDS + 60) / 60));
  const sorts = ["number", "title", "rings", "color"];
  return (n) => {
    const page = 3 + (n % (pages - 2 > 0 ? pages - 2 : 1));
    const round = Math.floor(n / Math.max(1, pages - 2));
    const q = new URLSearchParams({ page: String(page), sort: sorts[round % 4], dir: round % 8 < 4 ? "asc" : "desc", view: round % 16 < 8 ? "grid" : "list", ...(round >= 16 ? { show: round % 2 ? "owned" : "all" } : {}) });
    return { path: `/collection?${q}` };
  };
}

/**
 * The signed-in user's session re-issued under `count` new session ids (the
 * same claims, as Auth.js would for new sign-ins, minted with the bench's
 * secret): the server has checked none of them, so each request makes the
 * full session check.
 */
async function freshSessions(cookie: string, count: number): Promise<Vary> {
  const { decode, encode } = await import("next-auth/jwt");
  const salt = "authjs.session-token";
  const token = cookie
    .split("; ")
    .find((c) => c.startsWith(`${salt}=`))
    ?.slice(salt.length + 1);
  const claims = token ? await decode({ token, secret: benchSecret(), salt }) : null;
  if (!claims) fail("Could not read the benchmark user's session cookie.");
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) cookies.push(`${salt}=${await encode({ token: { ...claims, sid: `bench-${process.pid}-${i}` }, secret: benchSecret(), salt })}`);
  return (n) => ({ path: "/decks", headers: { cookie: cookies[n % count] } });
}

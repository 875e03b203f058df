/**
 * HTTP load benchmark of the production build on a scratch database.
 *
 *   npm run bench:http [-- --db sqlite|postgres --cards 10000 --mode pages|import|collection-import|update-import|cli-import|login-flood|all
 *                          --duration 10 --connections 20 --port 3199 --dist .next-bench --rebuild|--no-build]
 *
 * pages        bounded autocannon loads (loopback only) on a static asset (the
 *              baseline) and on the public and signed-in pages; prints
 *              requests/s, p50, p99 and the ratio to the baseline.
 * login-flood  16 connections posting wrong passwords to the credentials
 *              endpoint while /api/health is polled; prints the health p50/p99.
 * import       a 20,000-row catalog import through POST /api/catalog/import (as
 *              the web form sends it) while /api/health is polled one request
 *              at a time; prints the health p50/p99/max against the target
 *              (p99 ≤ 200 ms), the load average, and how long each phase took.
 * collection-import  the same for a regular user's 20,000-row collection
 *              import (add mode) into a 20,000-card set (imported first, unmeasured,
 *              unless the import mode ran before it).
 * update-import  the same 20,000 cards imported again as updates of the
 *              existing cards: an erratum (rules text only), then a rework
 *              (every field of every card changed: the worst case).
 * cli-import   `npm run catalog -- import` of 20,000 new cards in a second
 *              process while the app serves: health p99, and 5-card collection
 *              imports through the app meanwhile (all must succeed).
 * The import modes also print the server's longest event-loop block
 * (monitorEventLoopDelay, EVENT_LOOP_STATS=1), how long each apply's write
 * transaction lasted (BULK_TIMINGS=1; on SQLite it holds the write lock), and
 * how long a second connection's small write transaction waited
 * (scripts/bench-write-probe.mjs).
 *
 * A new mode is one entry in MODES (near the end): a function that gets the
 * seeded fixtures (users, a card page, a deck) and the server's base URL, and
 * prints its own figures, using load(), probeHealth() and printHealth().
 *
 * Targets are printed beside the figures, never asserted: on a shared 2-core
 * machine the load average says how much of a core the server really had.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";

// ---------- arguments ----------

const args = process.argv.slice(2);
function opt(name: string, def: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : def;
}
const DB_KIND = opt("db", "sqlite");
const CARDS = Number(opt("cards", "10000"));
const MODE = opt("mode", "pages");
const DURATION = Number(opt("duration", "10"));
const CONNECTIONS = Number(opt("connections", "20"));
const PORT = Number(opt("port", process.env.BENCH_PORT ?? "3199"));
const DIST = opt("dist", ".next-bench");
const REBUILD = args.includes("--rebuild");
const NO_BUILD = args.includes("--no-build");
/** `--only a,b`: load only the pages of these names, as the table prints them (the baseline always runs). */
const ONLY = opt("only", "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);

if (!["sqlite", "postgres"].includes(DB_KIND)) fail(`--db must be sqlite or postgres (got ${DB_KIND}).`);
if (!Number.isInteger(CARDS) || CARDS < 0 || CARDS > 200_000) fail("--cards must be a whole number from 0 to 200000.");
if (!(DURATION > 0 && DURATION <= 120)) fail("--duration must be 1..120 seconds.");
if (!Number.isInteger(CONNECTIONS) || CONNECTIONS < 1 || CONNECTIONS > 200) fail("--connections must be 1..200.");

const BASE = `http://127.0.0.1:${PORT}`;
const root = process.cwd();
const scratch = path.join(root, ".tmp", "bench");
mkdirSync(scratch, { recursive: true });

const TARGETS = { publicCached: 0.3, signedIn: 0.1, healthP99: 200 };
const PASSWORD = "bench-password-Zq8!x";

function fail(msg: string): never {
  console.error(`\u2716 ${msg}`);
  process.exit(2);
}
function step(msg: string) {
  console.log(`\u25b8 ${msg}`);
}

// ---------- scratch database ----------

type Scratch = { url: string; drop: () => Promise<void> };

async function createScratchDb(): Promise<Scratch> {
  if (DB_KIND === "sqlite") {
    const file = path.join(scratch, `http-${process.pid}.db`);
    return {
      url: `file:${file}`,
      drop: async () => {
        for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) rmSync(f, { force: true });
      },
    };
  }
  const admin = process.env.TEST_POSTGRES_URL || process.env.BENCH_POSTGRES_URL || "postgresql://postgres@127.0.0.1:5432/test";
  const name = `ringbinder_bench_${process.pid}`;
  const { Client } = await import("pg");
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

// deterministic pseudo-random numbers (mulberry32), the same generator as bench:search
let seed = 20261130;
function rand(): number {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const NAMES = ["Sonic", "Tails", "Knuckles", "Amy", "Cream", "Shadow", "Rouge", "Eggman", "Chaos", "Emerald", "Ring", "Station", "Robot", "Gamma", "Metal", "Chao", "Vector", "Espio", "Charmy", "Cosmo", "Blaze", "Silver", "Omega", "Big", "Froggy"];
const SUFFIX = ["the Hedgehog", "Rush", "Prime", "Dash", "Guardian", "Zero", "Spark", "Storm", "Hunter", "Mk II", "Classic", "Shadowed", "Blue Flash"];
const TRAITS = ["Animal", "Human", "Place", "Robot", "Thing", "Hero", "Villain", "Chaotix", "Emerald", "Metarex", "Vehicle", "Base"];
const RARITIES = ["common", "common", "common", "uncommon", "uncommon", "rare", "super rare", "promo"];
const WORDS = ["discard", "draw", "opposing", "blue", "red", "card", "flip", "rings", "return", "hand", "protect", "column", "adjacent", "emerald"];
const COLORS = ["blue", "red", "yellow", "gray"];

/** One generated card in the catalog exchange shape (lib/catalog/io CatalogRecord). */
function generatedCard(set: string, number: number) {
  const colors = new Set([pick(COLORS)]);
  if (rand() < 0.15) colors.add(pick(COLORS));
  const traits = new Set([pick(TRAITS)]);
  if (rand() < 0.2) traits.add(pick(TRAITS));
  const text = rand() < 0.6 ? Array.from({ length: 8 }, () => pick(WORDS)).join(" ") + "." : "";
  return {
    set,
    number,
    title: `${pick(NAMES)} ${pick(SUFFIX)}`,
    traits: [...traits],
    colors: [...colors],
    rings: Math.floor(rand() * 11),
    rarity: pick(RARITIES),
    text,
    effect: null,
  };
}

type Seeded = { cardPath: string; deckSlug: string; userEmail: string; adminEmail: string };

/** Migrates, seeds the demo set (prepare-app, which also builds when the sources changed), then the generated catalog, users, a collection and decks. */
async function prepare(url: string): Promise<Seeded> {
  const env = { ...process.env, DATABASE_URL: url, NEXT_DIST_DIR: DIST, NODE_ENV: "production" as const, AUTH_SECRET: benchSecret() };
  if (REBUILD) rmSync(path.join(root, DIST, "ringbinder-source-hash"), { force: true });
  step(`Preparing the scratch ${DB_KIND} database and the build in ${DIST} (builds only when the sources changed)…`);
  const res = spawnSync(path.join(root, "node_modules", ".bin", "tsx"), ["--conditions=react-server", "scripts/prepare-app.ts", ...(NO_BUILD ? ["--no-build"] : [])], { stdio: "inherit", env });
  if (res.status !== 0) fail(`scripts/prepare-app.ts failed (exit ${res.status ?? res.signal}).`);

  process.env.DATABASE_URL = url;
  const { createPrismaClient } = await import("@/lib/server/db/db");
  const { hashPassword } = await import("@/lib/accounts/password");
  const db = createPrismaClient(url);
  try {
    const t0 = performance.now();
    const sets = ["BENCHA", "BENCHB", "BENCHC", "BENCHD", "BENCHE"];
    const setIds: string[] = [];
    for (const [i, code] of sets.entries()) {
      const s = await db.cardSet.create({ data: { code, name: `Bench set ${i + 1}`, unofficial: true } });
      setIds.push(s.id);
    }
    const CHUNK = 1000;
    for (let start = 0; start < CARDS; start += CHUNK) {
      const cards: { id: string; setId: string; number: number; title: string; titleKey: string; colorMask: number; colorCount: number; rings: number; rarity: string; text: string }[] = [];
      const traits: { cardId: string; trait: string; traitKey: string }[] = [];
      for (let n = start; n < Math.min(CARDS, start + CHUNK); n++) {
        const c = generatedCard(sets[n % sets.length], Math.floor(n / sets.length) + 1);
        const mask = c.colors.reduce((m, col) => m | (1 << COLORS.indexOf(col)), 0);
        const id = `bench${n.toString(36).padStart(7, "0")}`;
        cards.push({ id, setId: setIds[n % sets.length], number: c.number, title: c.title, titleKey: c.title.toLowerCase(), colorMask: mask, colorCount: c.colors.length, rings: c.rings, rarity: c.rarity, text: c.text });
        for (const t of c.traits) traits.push({ cardId: id, trait: t, traitKey: t.toLowerCase() });
      }
      await db.card.createMany({ data: cards });
      await db.cardTrait.createMany({ data: traits });
    }
    const passwordHash = await hashPassword(PASSWORD);
    const user = await db.user.create({ data: { email: "bench-user@example.test", displayName: "Bench User", passwordHash, role: "user" } });
    await db.user.create({ data: { email: "bench-admin@example.test", displayName: "Bench Admin", passwordHash, role: "admin" } });
    const demo = await db.card.findMany({ where: { set: { code: "DEMO" } }, orderBy: { number: "asc" }, select: { id: true, title: true } });
    const generated = await db.card.findMany({ where: { set: { code: "BENCHA" } }, take: 500, select: { id: true } });
    await db.collectionEntry.createMany({ data: [...demo, ...generated].map((c, i) => ({ userId: user.id, cardId: c.id, quantity: 1 + (i % 4) })) });
    // one printing per title, so 10 titles × 4 copies make a legal 40-card deck
    const distinct = [...new Map(demo.map((c) => [c.title.toLowerCase(), c])).values()];
    if (distinct.length < 10) fail(`The demo set has only ${distinct.length} distinct titles; the benchmark's decks need 10.`);
    let deckSlug = "";
    for (let d = 0; d < 12; d++) {
      const from = (d * 3) % (distinct.length - 9);
      const lines = distinct.slice(from, from + 10).map((c) => ({ cardId: c.id, quantity: 4 }));
      const slug = `bench-deck-${d}-${process.pid}`;
      await db.deck.create({
        data: {
          ownerId: user.id,
          name: `Bench deck ${d + 1}`,
          description: "A deck for the HTTP benchmark.",
          visibility: d < 8 ? "public" : d < 10 ? "unlisted" : "private",
          shareSlug: slug,
          cards: { create: lines },
        },
      });
      if (d === 0) deckSlug = slug;
    }
    step(`Seeded ${CARDS.toLocaleString("en")} generated cards, 2 users, a ${demo.length + generated.length}-card collection and 12 decks in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const firstDemo = await db.card.findFirst({ where: { set: { code: "DEMO" } }, orderBy: { number: "asc" }, select: { number: true } });
    return { cardPath: `/cards/DEMO/${firstDemo?.number ?? 1}`, deckSlug, userEmail: user.email, adminEmail: "bench-admin@example.test" };
  } finally {
    await db.$disconnect();
  }
}

function benchSecret(): string {
  return process.env.AUTH_SECRET || "bench-http-secret-not-for-production-0123456789";
}

// ---------- the server ----------

/** The server's timing lines ([event-loop] every 250 ms, [bulk-timings] per import apply), with when they arrived. */
const serverStats: { at: number; kind: string; data: Record<string, number | string> }[] = [];
let serverUrl = "";

async function startServer(url: string): Promise<ChildProcess> {
  serverUrl = url;
  const env = { ...process.env, DATABASE_URL: url, NEXT_DIST_DIR: DIST, NODE_ENV: "production" as const, AUTH_SECRET: benchSecret(), PORT: String(PORT), HOSTNAME: "127.0.0.1", EVENT_LOOP_STATS: "1", BULK_TIMINGS: "1" };
  // BENCH_SERVER_NODE_ARGS: flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(PORT), "-H", "127.0.0.1"], { env, stdio: ["ignore", "pipe", "pipe"], detached: false });
  let log = "";
  let pending = "";
  child.stdout?.on("data", (d) => {
    pending += d;
    for (let i; (i = pending.indexOf("\n")) >= 0; ) {
      const line = pending.slice(0, i);
      pending = pending.slice(i + 1);
      const m = /^\[(event-loop|bulk-timings)\] (\{.*\})$/.exec(line.trim());
      if (m) serverStats.push({ at: performance.now(), kind: m[1], data: JSON.parse(m[2]) });
      else if (log.length < 100_000) log += `${line}\n`;
    }
  });
  child.stderr?.on("data", (d) => (log += d));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`The server exited (${child.exitCode}):\n${log}`);
    try {
      const r = await fetch(`${BASE}/api/health`);
      if (r.ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  child.kill();
  fail(`The server did not answer on ${BASE} within 60 s:\n${log}`);
}

function cookieHeader(res: Response, jar: Map<string, string>) {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const eq = pair.indexOf("=");
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

const sessions = new Map<string, string>();

/**
 * The Cookie header of a session for `email`. Every benchmark user is signed in
 * once, before any mode runs (main), and the session is reused: the login flood
 * locks the client address out of signing in for the limit's window, so a mode
 * that ran after it could not sign in again (the app's limits stay as they are).
 */
async function session(email: string): Promise<string> {
  const known = sessions.get(email);
  if (known) return known;
  const cookie = await signIn(email);
  sessions.set(email, cookie);
  return cookie;
}

/** Signs in through the Auth.js credentials endpoint and returns the Cookie header of the session. */
async function signIn(email: string): Promise<string> {
  const jar = new Map<string, string>();
  const csrfRes = await fetch(`${BASE}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const cookie = cookieHeader(csrfRes, jar);
  const res = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ csrfToken, email, password: PASSWORD, callbackUrl: `${BASE}/` }).toString(),
  });
  const all = cookieHeader(res, jar);
  if (![...jar.keys()].some((k) => k.includes("session-token"))) fail(`Signing in ${email} failed (HTTP ${res.status}).`);
  return all;
}

// ---------- measuring ----------

type Row = { name: string; path: string; kind: "baseline" | "public" | "signed-in" | "uncached"; rps: number; p50: number; p99: number; non2xx: number; errors: number; bytes: number; cacheControl: string; load: number; cpuMs: number | null };

/** The server process (its CPU time is read from /proc on Linux). */
let serverPid: number | undefined;
/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * The server's CPU time so far in ms (user + system, all its threads), or null
 * where /proc is missing. Per request, it stays meaningful on a loaded machine
 * where requests/s does not: it is the work each request cost, not the wait for a core.
 */
function serverCpuMs(): number | null {
  if (!serverPid) return null;
  try {
    const fields = readFileSync(`/proc/${serverPid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** Makes each request of a load different (its path and headers), e.g. so that none is served from a cache. */
type Vary = (n: number) => { path: string; headers?: Record<string, string> };

async function load(name: string, url: string, kind: Row["kind"], headers: Record<string, string> = {}, vary?: Vary): Promise<Row> {
  // one warm-up request (first render fills the caches), and its size and Cache-Control
  const warm = await fetch(`${BASE}${url}`, { headers });
  const body = await warm.arrayBuffer();
  if (!warm.ok) console.warn(`  ! ${url} answered ${warm.status} before the load`);
  let n = 0;
  const requests = vary
    ? [
        {
          setupRequest: (req: { path?: string; headers?: Record<string, string> }) => {
            const v = vary(n++);
            return { ...req, path: v.path, headers: { ...req.headers, ...v.headers } };
          },
        },
      ]
    : undefined;
  const cpu0 = serverCpuMs();
  const r = await autocannon({ url: `${BASE}${url}`, connections: CONNECTIONS, duration: DURATION, headers, timeout: 30, ...(requests ? { requests } : {}) } as autocannon.Options);
  const cpu1 = serverCpuMs();
  const [l1] = loadavg();
  return {
    name,
    path: url,
    kind,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    bytes: body.byteLength,
    cacheControl: warm.headers.get("cache-control") ?? "",
    load: l1,
    // per request sent (those still in flight at the end were worked on too)
    cpuMs: cpu0 !== null && cpu1 !== null && r.requests.sent > 0 ? (cpu1 - cpu0) / r.requests.sent : null,
  };
}

function printRows(rows: Row[]) {
  const base = rows.find((r) => r.kind === "baseline")!;
  const head = `${"page".padEnd(22)} ${"req/s".padStart(8)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"ratio".padStart(6)} ${"target".padStart(7)} ${"KB".padStart(6)} ${"cpu ms".padStart(6)} ${"load".padStart(5)}  non-2xx/err  Cache-Control`;
  console.log(`\n${head}\n${"-".repeat(head.length + 20)}`);
  for (const r of rows) {
    const ratio = r.rps / base.rps;
    const target = r.kind === "public" ? TARGETS.publicCached : r.kind === "signed-in" ? TARGETS.signedIn : null;
    const verdict = target === null ? "" : ratio >= target ? ` ≥${target} ok` : ` <${target}`;
    console.log(
      `${r.name.padEnd(22)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${ratio.toFixed(2).padStart(6)} ${verdict.padStart(7)} ${(r.bytes / 1024).toFixed(0).padStart(6)} ${(r.cpuMs === null ? "?" : r.cpuMs.toFixed(1)).padStart(6)} ${r.load.toFixed(1).padStart(5)}  ${`${r.non2xx}/${r.errors}`.padEnd(11)}  ${r.cacheControl}`,
    );
  }
  console.log(`\nTargets (2-core machine): public cached pages ≥ ${TARGETS.publicCached}× the static baseline, signed-in pages ≥ ${TARGETS.signedIn}×.`);
  if (rows.some((r) => r.kind === "uncached"))
    console.log(
      "Signed-in rows: repeat views of a page the user's data has not changed since (served from the private page cache); the uncached rows (no target) are first views: every /collection request a query not seen before (rendered and stored), every /decks request a session the server has not checked yet (rendered per request).",
    );
  console.log("cpu ms: the server process's CPU time per request during the load (all its threads; what a request costs, whatever the load average).");
}

let healthFailures = 0;

/** Polls /api/health one request at a time until `until` settles; returns the latencies in ms. */
async function probeHealth(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true)).catch(() => {});
  const times: number[] = [];
  healthFailures = 0;
  while (!done) {
    const s = performance.now();
    try {
      const r = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(120_000) });
      await r.arrayBuffer();
      if (!r.ok) healthFailures++;
    } catch {
      // a timeout counts with its full wait
      healthFailures++;
    }
    times.push(performance.now() - s);
    await sleep(20);
  }
  return times;
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
}

function printHealth(label: string, times: number[], extra: string) {
  const p99 = pct(times, 99);
  const [l1] = loadavg();
  console.log(`\n${label}: ${extra}`);
  console.log(
    `  /api/health during it: ${times.length} requests, p50 ${pct(times, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms, ${healthFailures} failed (load average ${l1.toFixed(1)}) — target p99 ≤ ${TARGETS.healthP99} ms: ${p99 <= TARGETS.healthP99 ? "met" : "missed"}`,
  );
}

/** Starts the second-connection write probe (scripts/bench-write-probe.mjs); stop() ends it and returns its figures. */
function startWriteProbe(): { stop: () => Promise<{ writes: number; p50Ms: number; p99Ms: number; maxMs: number; failures: number } | null> } {
  const child = spawn(process.execPath, [path.join(root, "scripts", "bench-write-probe.mjs"), serverUrl], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return {
    async stop() {
      child.stdin.end();
      await exited;
      try {
        const r = JSON.parse(out.trim().split("\n").at(-1) ?? "null");
        return r && "writes" in r ? r : null;
      } catch {
        return null;
      }
    },
  };
}

type Window = { from: number; to: number };

/** What the server said about a window of time: the longest event-loop block, and its import apply transactions. */
function serverFigures(w: Window, phases: ImportRun["phases"] = []): string {
  // an [event-loop] line covers the 250 ms before it arrived
  const windows = serverStats.filter((s) => s.kind === "event-loop" && s.at >= w.from && s.at <= w.to + 300);
  const loop = windows.map((s) => Number(s.data.maxMs));
  const byPhase = phases
    .map((p) => {
      const inPhase = windows.filter((s) => s.at > p.from && s.at - 250 < p.to).map((s) => Number(s.data.maxMs));
      return inPhase.length ? `${p.phase} ${Math.max(...inPhase).toFixed(0)}` : "";
    })
    .filter(Boolean)
    .join(", ");
  const applies = serverStats.filter((s) => s.kind === "bulk-timings" && s.at >= w.from && s.at <= w.to + 300);
  const lines = [`  server event loop (monitorEventLoopDelay): longest block ${loop.length ? Math.max(...loop).toFixed(0) : "?"} ms over ${loop.length} windows of 250 ms — target ≤ ~100 ms: ${loop.length && Math.max(...loop) <= 100 ? "met" : "missed"}${byPhase ? `; per phase (ms, a window overlapping two counts in both): ${byPhase}` : ""}`];
  for (const a of applies) {
    const held = Number(a.data.transactionMs);
    if (a.data.transactions !== undefined) {
      // a chunked apply (SQLite catalog import): several short transactions, the new cards hidden until the last one
      lines.push(
        `  apply write transactions (${a.data.kind}, ${a.data.rows} rows): ${a.data.transactions} short transactions (${a.data.ranges} chunks, then the publish: ${a.data.publishMs} ms), the longest holding the SQLite write lock ${held} ms, ${a.data.totalMs} ms in all — target ≤ ~100 ms per transaction: ${held <= 100 ? "met" : "missed"}`,
      );
      continue;
    }
    lines.push(
      `  apply write transaction (${a.data.kind}, ${a.data.rows} rows, ${a.data.ranges} ranges): ${held} ms${DB_KIND === "sqlite" ? " holding the SQLite write lock" : " (row locks on the rows it writes only)"}, longest range ${a.data.longestRangeMs} ms — target ≤ ~100 ms: ${held <= 100 ? "met" : "missed"}`,
    );
  }
  return lines.join("\n");
}

function printProbe(r: Awaited<ReturnType<ReturnType<typeof startWriteProbe>["stop"]>>) {
  const [l1] = loadavg();
  if (!r) return console.log("  second-connection writer: no figures (the probe failed)");
  console.log(`  second-connection writer (a small write transaction every 20 ms): ${r.writes} writes, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, longest wait ${r.maxMs} ms, ${r.failures} failed (load average ${l1.toFixed(1)})`);
}

// ---------- modes ----------

async function pagesMode(seeded: Seeded) {
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
 * and view in turn: thousands of distinct real pages of 60 cards), so each one
 * is rendered and stored: what a first view of a page costs.
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
 * secret): the server has checked none of them, so it cannot vouch for them
 * from memory and renders the page per request, with the full session check.
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

/** Status counts of an autocannon run: "302×10 429×1666". */
function statusSummary(r: autocannon.Result): string {
  return Object.entries(r.statusCodeStats ?? {})
    .map(([code, s]) => `${code}×${(s as { count: number }).count}`)
    .join(" ");
}

/**
 * Posts wrong passwords for one account with 16 connections while /api/health
 * is polled: for --duration seconds from the start (the first attempts are
 * checked, then the email and the client address lock), then 3,000 more once
 * the address is locked, whose server CPU time per refusal is printed.
 */
async function loginFloodMode(seeded: Seeded) {
  const jar = new Map<string, string>();
  const csrfRes = await fetch(`${BASE}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const cookie = cookieHeader(csrfRes, jar);
  const body = new URLSearchParams({ csrfToken, email: seeded.userEmail, password: "wrong-password-123", callbackUrl: `${BASE}/` }).toString();
  const idle = await probeHealth(sleep(3000));
  console.log(`\n/api/health idle: p50 ${pct(idle, 50).toFixed(0)} ms, p99 ${pct(idle, 99).toFixed(0)} ms`);
  const floodOpts = { url: `${BASE}/api/auth/callback/credentials`, method: "POST" as const, connections: 16, headers: { "content-type": "application/x-www-form-urlencoded", cookie }, body };
  const run = async (opts: { duration: number } | { amount: number }) => {
    const cpuBefore = serverCpuMs();
    // autocannon's result is a thenable, not a Promise: adopt it once
    const done = Promise.resolve(autocannon({ ...floodOpts, ...opts }));
    const times = await probeHealth(done);
    const r = await done;
    const cpuAfter = serverCpuMs();
    return { r, times, cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
  };
  const first = await run({ duration: DURATION });
  printHealth(`Login flood (16 connections, wrong passwords, ${DURATION} s)`, first.times, `${first.r.requests.total} attempts (${statusSummary(first.r)})${first.cpuMs === null ? "" : `; server CPU ${(first.cpuMs / 1000).toFixed(1)} s`}`);
  const AMOUNT = 3000;
  const locked = await run({ amount: AMOUNT });
  const perRefusal = locked.cpuMs === null ? "" : `; server CPU ${(locked.cpuMs / 1000).toFixed(1)} s = ${(locked.cpuMs / Math.max(1, locked.r.requests.total)).toFixed(2)} ms per refusal (the ${locked.times.length} health requests included)`;
  printHealth(
    `Login flood once the address is locked out (${AMOUNT.toLocaleString("en")} attempts, 16 connections)`,
    locked.times,
    `${locked.r.requests.total} attempts in ${(locked.r.duration ?? 0).toFixed(1)} s (${statusSummary(locked.r)})${perRefusal}`,
  );
}

// ---------- imports under load ----------

const IMPORT_ROWS = 20_000;
let importSetReady = false;

type ImportRun = { ok: boolean; message: string; seconds: number; phases: { phase: string; seconds: number; from: number; to: number }[] };

/** Posts an import to one of the streaming import routes and follows its progress lines; returns how long each phase took. */
async function postImport(route: string, form: FormData, cookie: string): Promise<ImportRun> {
  const t0 = performance.now();
  const send = () => fetch(`${BASE}${route}`, { method: "POST", body: form, headers: { cookie, origin: BASE } });
  // a pooled keep-alive connection the server has just closed fails the write (EPIPE) before any answer: send once more
  const res = await send().catch(async (e: unknown) => {
    const code = (e as { cause?: { code?: string } }).cause?.code;
    if (code !== "EPIPE" && code !== "ECONNRESET") throw e;
    console.warn(`  ! ${route}: ${code} before any answer (a closed keep-alive connection); sending again`);
    return send();
  });
  if (!res.ok || !res.body) return { ok: false, message: `HTTP ${res.status}: ${await res.text()}`, seconds: (performance.now() - t0) / 1000, phases: [] };
  const phases: ImportRun["phases"] = [];
  let phase = "upload";
  let since = t0;
  let buffer = "";
  let last: { type: string; ok?: boolean; message?: string; phase?: string } | null = null;
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let i; (i = buffer.indexOf("\n")) >= 0; ) {
      last = JSON.parse(buffer.slice(0, i));
      buffer = buffer.slice(i + 1);
      if (last?.type === "progress" && last.phase !== phase) {
        const now = performance.now();
        phases.push({ phase, seconds: (now - since) / 1000, from: since, to: now });
        phase = last.phase!;
        since = now;
      }
    }
  }
  const end = performance.now();
  phases.push({ phase, seconds: (end - since) / 1000, from: since, to: end });
  return { ok: last?.type === "result" && last.ok === true, message: last?.message ?? "no result", seconds: (end - t0) / 1000, phases };
}

/** The cards of set BENCHI as the last catalog import wrote them. */
let importedCards: ReturnType<typeof generatedCard>[] = [];

function catalogImportForm(): FormData {
  const cards = Array.from({ length: IMPORT_ROWS }, (_, i) => generatedCard("BENCHI", i + 1));
  importedCards = cards;
  const form = new FormData();
  form.set("file", new Blob([JSON.stringify({ cards })], { type: "application/json" }), "bench-import.json");
  form.set("mode", "apply");
  return form;
}

/**
 * Posts one import through its web route while /api/health is polled and a second connection writes beside it,
 * then prints the health figures (under `label`), the server's own figures for that window and the second writer's.
 */
async function measureImport(label: string, route: string, form: FormData, cookie: string): Promise<ImportRun> {
  const probe = startWriteProbe();
  const w = { from: performance.now(), to: 0 };
  const run = postImport(route, form, cookie);
  const times = await probeHealth(run);
  const r = await run;
  w.to = performance.now();
  await sleep(400);
  printHealth(label, times, describeRun(r));
  console.log(serverFigures(w, r.phases));
  printProbe(await probe.stop());
  return r;
}

function describeRun(r: ImportRun): string {
  return `${r.ok ? "" : "FAILED: "}${r.message} in ${r.seconds.toFixed(1)} s (${r.phases.map((p) => `${p.phase} ${p.seconds.toFixed(1)} s`).join(", ")})`;
}

/** A 20,000-row catalog import through the admin's import route while /api/health is polled. */
async function catalogImportMode(seeded: Seeded) {
  const cookie = await session(seeded.adminEmail);
  const idle = await probeHealth(sleep(3000));
  console.log(`\n/api/health idle: p50 ${pct(idle, 50).toFixed(0)} ms, p99 ${pct(idle, 99).toFixed(0)} ms`);
  const r = await measureImport(`Catalog import (${IMPORT_ROWS.toLocaleString("en")} new cards, POST /api/catalog/import)`, "/api/catalog/import", catalogImportForm(), cookie);
  if (r.ok) importSetReady = true;
}

/**
 * The same 20,000 cards imported again, twice (imported first, unmeasured,
 * unless the import mode ran before it), while /api/health is polled: an
 * erratum (every card's rules text changed, nothing else: the common case)
 * and a rework (every card regenerated: title, traits, colours, rings and
 * rarity all change, so every index and trait row of the card changes; the
 * worst case for the in-place publish).
 */
async function updateImportMode(seeded: Seeded) {
  const cookie = await session(seeded.adminEmail);
  if (!importSetReady) {
    step(`Importing the ${IMPORT_ROWS.toLocaleString("en")}-card set to update (not measured)…`);
    const r = await postImport("/api/catalog/import", catalogImportForm(), cookie);
    if (!r.ok) fail(`The catalog import the update import needs failed: ${r.message}`);
    importSetReady = true;
  }
  const variants = [
    { label: "erratum: every card's rules text changed", cards: importedCards.map((c, i) => ({ ...c, text: `Errata ${i + 1}: discard an opposing card.` })) },
    { label: "rework: every card regenerated, all fields changed", cards: Array.from({ length: IMPORT_ROWS }, (_, i) => generatedCard("BENCHI", i + 1)) },
  ];
  for (const v of variants) {
    const form = new FormData();
    form.set("file", new Blob([JSON.stringify({ cards: v.cards })], { type: "application/json" }), "bench-update.json");
    form.set("mode", "apply");
    await measureImport(`Catalog update import (${IMPORT_ROWS.toLocaleString("en")} existing cards, ${v.label}; POST /api/catalog/import)`, "/api/catalog/import", form, cookie);
    importedCards = v.cards;
  }
}

/** A 20,000-row collection import (a regular user, add mode) while /api/health is polled. */
async function collectionImportMode(seeded: Seeded) {
  if (!importSetReady) {
    step(`Importing the ${IMPORT_ROWS.toLocaleString("en")}-card set the collection file names (not measured)…`);
    const r = await postImport("/api/catalog/import", catalogImportForm(), await session(seeded.adminEmail));
    if (!r.ok) fail(`The catalog import the collection import needs failed: ${r.message}`);
    importSetReady = true;
  }
  const cookie = await session(seeded.userEmail);
  const csv = `set,number,quantity\n${Array.from({ length: IMPORT_ROWS }, (_, i) => `BENCHI,${i + 1},${1 + (i % 3)}`).join("\n")}\n`;
  const form = new FormData();
  form.set("file", new Blob([csv], { type: "text/csv" }), "bench-collection.csv");
  form.set("mode", "add");
  form.set("intent", "apply");
  await measureImport(`Collection import (${IMPORT_ROWS.toLocaleString("en")} rows, add mode, POST /api/collection/import)`, "/api/collection/import", form, cookie);
}

/**
 * `npm run catalog -- import FILE` (20,000 new cards) in a second process
 * writing the same database while the app serves: /api/health is polled, and
 * the signed-in user keeps importing 5 cards into their collection through
 * the app (a transactional write: stage, then apply) until the CLI ends.
 * Every app write must succeed (no 500, no SQLITE_BUSY) and none may block
 * the server.
 */
async function cliImportMode(seeded: Seeded) {
  const file = path.join(scratch, `cli-import-${process.pid}.json`);
  const cards = Array.from({ length: IMPORT_ROWS }, (_, i) => generatedCard("BENCHJ", i + 1));
  writeFileSync(file, JSON.stringify({ cards }));
  const cookie = await session(seeded.userEmail);
  const small = `set,number,quantity\n${[1, 2, 3, 4, 5].map((n) => `DEMO,${n},1`).join("\n")}\n`;
  const probe = startWriteProbe();
  const w = { from: performance.now(), to: 0 };
  const cli = spawn(path.join(root, "node_modules", ".bin", "tsx"), ["--conditions=react-server", "scripts/catalog.ts", "import", file, "--as", seeded.adminEmail], {
    env: { ...process.env, DATABASE_URL: serverUrl, BULK_TIMINGS: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let cliOut = "";
  let cliErr = "";
  cli.stdout.on("data", (d) => (cliOut += d));
  cli.stderr.on("data", (d) => (cliErr += d));
  const cliDone = new Promise<number | null>((resolve) => cli.on("exit", (code) => resolve(code)));
  const appWrites: { ok: boolean; ms: number; message: string }[] = [];
  const writer = (async () => {
    let ended = false;
    void cliDone.then(() => (ended = true));
    while (!ended) {
      const form = new FormData();
      form.set("file", new Blob([small], { type: "text/csv" }), "five.csv");
      form.set("mode", "add");
      form.set("intent", "apply");
      const r = await postImport("/api/collection/import", form, cookie);
      appWrites.push({ ok: r.ok, ms: r.seconds * 1000, message: r.message });
      await sleep(50);
    }
  })();
  const times = await probeHealth(cliDone);
  const code = await cliDone;
  await writer;
  w.to = performance.now();
  await sleep(400);
  rmSync(file, { force: true });
  const summary = cliOut.trim().split("\n").filter((l) => !l.startsWith("row ")).join(" ");
  printHealth(`CLI catalog import beside the app (npm run catalog -- import, ${IMPORT_ROWS.toLocaleString("en")} new cards)`, times, `exit ${code}: ${summary.replace(/\[bulk-timings\] /, "")}`);
  if (code !== 0) console.log(`  CLI stderr: ${cliErr.slice(-500)}`);
  const failed = appWrites.filter((x) => !x.ok);
  const ws = appWrites.map((x) => x.ms);
  console.log(
    `  app writes meanwhile (5-card collection imports through POST /api/collection/import): ${appWrites.length}, ${failed.length} failed${failed.length ? ` (${failed[0].message})` : ""}, p50 ${pct(ws, 50).toFixed(0)} ms, max ${Math.max(...ws).toFixed(0)} ms`,
  );
  console.log(serverFigures(w));
  printProbe(await probe.stop());
}

// ---------- the modes (add a mode here) ----------

/** Each mode loads the running server and prints its figures; `all` runs them in this order. */
const MODES: Record<string, (seeded: Seeded) => Promise<void>> = {
  pages: pagesMode,
  import: catalogImportMode,
  "collection-import": collectionImportMode,
  "update-import": updateImportMode,
  "cli-import": cliImportMode,
  // locks 127.0.0.1 out of signing in for the limit's window: the users are signed in before any mode runs (main)
  "login-flood": loginFloodMode,
};
const selected = MODE === "all" ? Object.keys(MODES) : MODE.split(",");
if (!selected.every((m) => m in MODES)) fail(`--mode must be ${Object.keys(MODES).join(", ")}, several of them joined by commas, or all (got ${MODE}).`);

// ---------- main ----------

async function main() {
  if (!existsSync(path.join(root, "package.json"))) fail("Run from the project root (npm run bench:http).");
  console.log(`bench:http — ${DB_KIND}, ${CARDS.toLocaleString("en")} generated cards + the demo set, mode ${MODE}, ${cpus().length} cores, port ${PORT}`);
  const db = await createScratchDb();
  let server: ChildProcess | null = null;
  const stop = () => {
    if (server && server.exitCode === null) server.kill("SIGTERM");
  };
  process.on("SIGINT", () => {
    stop();
    void db.drop().finally(() => process.exit(130));
  });
  try {
    const seeded = await prepare(db.url);
    server = await startServer(db.url);
    serverPid = server.pid;
    const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim();
    step(`Server up on ${BASE} (build ${readFileSync(path.join(root, DIST, "BUILD_ID"), "utf8").trim()}, commit ${commit || "?"})`);
    // every user the modes act as, signed in before any mode: a mode may lock sign-in (login-flood), in any order
    for (const email of [seeded.userEmail, seeded.adminEmail]) await session(email);
    for (const m of selected) await MODES[m](seeded);
  } finally {
    stop();
    await sleep(500);
    if (!process.env.KEEP) await db.drop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);

/**
 * HTTP load benchmark of the production build on a scratch database.
 *
 *   npm run bench:http [-- --db sqlite|postgres --cards 10000 --mode pages|import|collection-import|update-import|cli-import|editor|login-flood|all
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
 * editor       the deck editor of a user owning 20,000 cards (a 60-card deck):
 *              its HTML size and the server CPU per view (≤ 100 KB, ≤ 30 ms),
 *              over the first views after the server started and after 50 more.
 * Every run prints the server's resident memory (VmRSS) before the modes, at
 * its peak, right after them and after 30 s idle (target: under 400 MB after).
 * The import modes also print the server's longest event-loop block
 * (monitorEventLoopDelay, EVENT_LOOP_STATS=1), how long each apply's write
 * transaction lasted (BULK_TIMINGS=1; on SQLite it holds the write lock, and
 * other writers may wait up to ~0.5 s for it), and
 * how long a second connection's small write transaction waited
 * (scripts/bench-write-probe.mjs).
 *
 * A new mode is one entry in MODES (below), a module in scripts/lib/http-*.ts: a function that gets the
 * seeded fixtures (users, a card page, a deck) and the server's base URL, and
 * prints its own figures, using load(), probeHealth() and printHealth().
 *
 * Targets are printed beside the figures, never asserted: on a shared 2-core
 * machine the load average says how much of a core the server really had.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import path from "node:path";
import { onCleanup, runTool } from "./lib/cleanup";
import { BASE, CARDS, DB_KIND, DIST, fail, MODE, PORT, root, state, step } from "./lib/http-config";
import { cliImportMode } from "./lib/http-cli-import";
import { editorMode, seedEditorFixture } from "./lib/http-editor";
import { catalogImportMode, collectionImportMode, updateImportMode } from "./lib/http-imports";
import { loginFloodMode } from "./lib/http-login-flood";
import { pagesMode } from "./lib/http-pages";
import { createScratchDb, prepare, type Seeded } from "./lib/http-seed";
import { serverStats, session, startRssSampler, startServer } from "./lib/http-server";

// ---------- the modes (add a mode here) ----------

/** Each mode loads the running server and prints its figures; `all` runs them in this order. */
const MODES: Record<string, (seeded: Seeded) => Promise<void>> = {
  pages: pagesMode,
  import: catalogImportMode,
  "collection-import": collectionImportMode,
  "update-import": updateImportMode,
  "cli-import": cliImportMode,
  editor: editorMode,
  // locks 127.0.0.1 out of signing in for the limit's window: the users are signed in before any mode runs (main)
  "login-flood": loginFloodMode,
};
const selected = MODE === "all" ? Object.keys(MODES) : MODE.split(",");
if (!selected.every((m) => m in MODES)) fail(`--mode must be ${Object.keys(MODES).join(", ")}, several of them joined by commas, or all (got ${MODE}).`);

// ---------- main ----------

async function main() {
  if (!existsSync(path.join(root, "package.json"))) fail("Run from the project root (npm run bench:http).");
  console.log(`bench:http — ${DB_KIND}, ${CARDS.toLocaleString("en")} generated cards + the demo set, mode ${MODE}, ${cpus().length} cores, port ${PORT}`);
  state.started = true;
  const db = await createScratchDb();
  // undone last, after the server (registered later) has stopped; KEEP=1 keeps it to look at
  onCleanup(() => (process.env.KEEP ? undefined : db.drop()));
  const seeded = await prepare(db.url);
  if (selected.includes("editor")) seeded.editor = await seedEditorFixture(db.url);
  const server = await startServer(db.url);
  state.pid = server.pid;
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim();
  step(`Server up on ${BASE} (build ${readFileSync(path.join(root, DIST, "BUILD_ID"), "utf8").trim()}, commit ${commit || "?"})`);
  // every user the modes act as, signed in before any mode: a mode may lock sign-in (login-flood), in any order
  for (const email of [seeded.userEmail, seeded.adminEmail, ...(seeded.editor ? [seeded.editor.email] : [])]) await session(email);
  const rss = startRssSampler();
  const before = rss.now();
  for (const m of selected) {
    await MODES[m](seeded);
    console.log(`  server RSS after ${m}: ${mb(rss.now())}, peak so far ${mb(rss.peak())}${heap()}`);
  }
  const after = rss.now();
  const afterHeap = heap();
  await sleep(30_000);
  const idle = rss.now();
  const idleHeap = heap();
  rss.stop();
  const [l1] = loadavg();
  for (const t of serverStats.filter((s) => s.kind === "idle-trim")) console.log(`  idle trim (lib/server/idle-memory.ts): a full collection of ${t.data.ms} ms, heap in use ${String(t.data.heapMb).replace(",", " → ")} MB, reserved ${String(t.data.heapTotalMb).replace(",", " → ")} MB`);
  console.log(
    `\nServer RSS (VmRSS): before the loads ${mb(before)}, peak ${mb(rss.peak())}, right after ${mb(after)}${afterHeap}, after 30 s idle ${mb(idle)}${idleHeap} (load average ${l1.toFixed(1)}) — target after < 400 MB: ${idle !== null && idle < 400 * 1024 ? "met" : "missed"}`,
  );
}

/** The server's V8 heap (in use / reserved) and memory outside it, from its latest [event-loop] line. */
function heap(): string {
  const last = serverStats.findLast((s) => s.kind === "event-loop")?.data;
  return last && "heapMb" in last ? ` (V8 heap ${last.heapMb} of ${last.heapTotalMb} MB, external ${last.externalMb} MB)` : "";
}

const mb = (kb: number | null) => (kb === null ? "?" : `${(kb / 1024).toFixed(0)} MB`);

// a failed mode, an exception or Ctrl-C stops every child process and drops the scratch database (scripts/lib/cleanup.ts)
runTool(main);

/**
 * A second connection that writes while something else runs, for
 * `npm run bench:http` (import modes): it measures how long another writer
 * waits for the database, i.e. how long the app's write transactions hold
 * the lock it needs.
 *
 *   node scripts/bench-write-probe.mjs DATABASE_URL
 *
 * Every 20 ms it runs one small transaction (BEGIN IMMEDIATE on SQLite, so it
 * asks for the write lock up front; BEGIN on PostgreSQL) that updates the
 * benchmark user's row, timing it from the first attempt to COMMIT. On SQLite a
 * busy database is retried every millisecond (SQLite's own busy handler
 * sleeps up to 100 ms at a time, which would blur the figure). When stdin
 * closes, it prints one JSON line: the number of writes, p50, p99 and max in
 * ms, and the failures.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const url = process.argv[2];
const EMAIL = "bench-user@example.test";
const times = [];
let failures = 0;
let stop = false;
process.stdin.on("data", () => {});
process.stdin.on("end", () => (stop = true));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const blockMs = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

async function sqlite(file) {
  const Database = require("better-sqlite3");
  const db = new Database(file, { timeout: 0 });
  const update = db.prepare(`UPDATE "User" SET "displayName" = "displayName" WHERE "email" = ?`);
  while (!stop) {
    const t0 = performance.now();
    for (;;) {
      try {
        db.exec("BEGIN IMMEDIATE");
        break;
      } catch (e) {
        if (!String(e.code).startsWith("SQLITE_BUSY") || performance.now() - t0 > 30_000) throw e;
        blockMs(1);
      }
    }
    try {
      update.run(EMAIL);
      db.exec("COMMIT");
      times.push(performance.now() - t0);
    } catch {
      failures++;
      if (db.inTransaction) db.exec("ROLLBACK");
    }
    await sleep(20);
  }
  db.close();
}

async function postgres(connectionString) {
  const { Client } = require("pg");
  const c = new Client({ connectionString });
  await c.connect();
  while (!stop) {
    const t0 = performance.now();
    try {
      await c.query("BEGIN");
      await c.query(`UPDATE "User" SET "displayName" = "displayName" WHERE "email" = $1`, [EMAIL]);
      await c.query("COMMIT");
      times.push(performance.now() - t0);
    } catch {
      failures++;
      await c.query("ROLLBACK").catch(() => {});
    }
    await sleep(20);
  }
  await c.end();
}

const run = url.startsWith("file:") ? sqlite(url.slice("file:".length)) : postgres(url);
run.then(
  () => {
    const s = [...times].sort((a, b) => a - b);
    const pct = (p) => (s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN);
    const r = (x) => Math.round(x * 10) / 10;
    console.log(JSON.stringify({ writes: s.length, p50Ms: r(pct(50)), p99Ms: r(pct(99)), maxMs: r(s.at(-1) ?? NaN), failures }));
  },
  (e) => {
    console.log(JSON.stringify({ error: String(e?.message ?? e) }));
    process.exit(1);
  },
);

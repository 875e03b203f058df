import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { concurrentSqliteAdapter, isBusyError, retryWhileBusy } from "@/lib/server/db/sqlite-adapter";
import { MIGRATION_DIRS, migrationNames } from "@/scripts/lib/db-schema";

/**
 * SQLite under concurrency: another process holds the write lock while the
 * app writes. Assertions are about order (what finished while the lock was
 * held), never about durations.
 */

const root = path.resolve(__dirname, "../../..");
const dir = path.join(root, ".tmp", "vitest");
const file = path.join(dir, `sqlite-adapter-${process.pid}-${Math.random().toString(36).slice(2)}.db`);
const clients: PrismaClient[] = [];

function client(): PrismaClient {
  const c = new PrismaClient({ adapter: concurrentSqliteAdapter(file), transactionOptions: { maxWait: 20_000, timeout: 20_000 } });
  clients.push(c);
  return c;
}

/** A second process that takes SQLite's write lock (BEGIN IMMEDIATE + an insert) and holds it until told to commit. */
let holders = 0;
function lockHolder(): Promise<{ child: ChildProcess; commit: () => Promise<void> }> {
  const key = `HELD${++holders}`;
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(${JSON.stringify(file)});
    db.exec("BEGIN IMMEDIATE");
    db.prepare('INSERT INTO "CardSet" ("id", "code", "name") VALUES (?, ?, ?)').run(${JSON.stringify(key)}, ${JSON.stringify(key)}, "Written by the other process");
    process.stdout.write("locked\\n");
    process.stdin.on("data", () => { db.exec("COMMIT"); db.close(); process.stdout.write("committed\\n"); process.exit(0); });
  `;
  const child = spawn(process.execPath, ["-e", script], { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.stdout!.once("data", (d) => {
      if (!String(d).includes("locked")) return reject(new Error(`lock holder said ${d}`));
      resolve({
        child,
        commit: () =>
          new Promise((done) => {
            child.stdout!.once("data", () => done());
            child.stdin!.write("go\n");
          }),
      });
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  for (const m of migrationNames("sqlite")) db.exec(readFileSync(path.join(root, MIGRATION_DIRS.sqlite, m, "migration.sql"), "utf8"));
  db.prepare('INSERT INTO "User" ("id", "email", "displayName", "passwordHash", "updatedAt") VALUES (?, ?, ?, ?, ?)').run("u1", "a@test.dev", "A", "x", new Date().toISOString());
  db.close();
});

afterAll(async () => {
  for (const c of clients) await c.$disconnect();
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
});

describe("SQLite writes under another process's write lock", () => {
  it("a transactional write waits without blocking the event loop or reads, then succeeds", async () => {
    const app = client();
    await app.user.count(); // connect first
    const holder = await lockHolder();
    const events: string[] = [];

    const write = app
      .$transaction(async (tx) => {
        const n = await tx.cardSet.count();
        await tx.cardSet.create({ data: { code: "APP", name: `Written by the app after ${n} sets` } });
      })
      .then(() => events.push("write done"));
    const timer = sleep(50).then(() => events.push("timer fired"));
    const read = app.user.findMany().then((rows) => events.push(`read ${rows.length} user`));

    await Promise.all([timer, read]);
    await sleep(300);
    events.push("lock released");
    await holder.commit();
    await write;

    // With a blocking busy timeout, the timer and the read would come after the write.
    expect(events.indexOf("timer fired")).toBeLessThan(events.indexOf("lock released"));
    expect(events.indexOf("read 1 user")).toBeLessThan(events.indexOf("lock released"));
    expect(events.at(-1)).toBe("write done");
    // the app's transaction began after the other process committed: it saw its set
    expect((await app.cardSet.findUniqueOrThrow({ where: { code: "APP" } })).name).toBe("Written by the app after 1 sets");
  });

  it("a single-statement write also waits and succeeds", async () => {
    const app = client();
    await app.user.count();
    const holder = await lockHolder();
    const events: string[] = [];
    const write = app.user.update({ where: { id: "u1" }, data: { displayName: "Renamed" } }).then(() => events.push("write done"));
    await sleep(200);
    events.push("lock released");
    await holder.commit();
    await write;
    expect(events).toEqual(["lock released", "write done"]);
    expect((await app.user.findUniqueOrThrow({ where: { id: "u1" } })).displayName).toBe("Renamed");
  });

  it("two instances' read-then-write transactions never deadlock (the write lock is taken up front)", async () => {
    const a = client();
    const b = client();
    await Promise.all([a.user.count(), b.user.count()]);
    await a.user.update({ where: { id: "u1" }, data: { displayName: "0" } });
    const bump = (c: PrismaClient) =>
      c.$transaction(async (tx) => {
        const u = await tx.user.findUniqueOrThrow({ where: { id: "u1" } });
        await sleep(100); // both read before either writes, with a plain BEGIN
        await tx.user.update({ where: { id: "u1" }, data: { displayName: String(Number(u.displayName) + 1) } });
      });
    await Promise.all([bump(a), bump(b), bump(a), bump(b)]);
    expect((await a.user.findUniqueOrThrow({ where: { id: "u1" } })).displayName).toBe("4");
  });

  it("gives up with the busy error after its deadline, and leaves nothing behind", async () => {
    const holder = await lockHolder();
    const tries: number[] = [];
    const attempt = async () => {
      const db = new Database(file, { timeout: 0 });
      try {
        db.exec('INSERT INTO "CardSet" ("id", "code", "name") VALUES (\'x\', \'X\', \'x\')');
      } finally {
        db.close();
      }
    };
    const err = await retryWhileBusy(attempt, { deadlineMs: 300, onRetry: (n) => tries.push(n) }).catch((e: unknown) => e);
    await holder.commit();
    expect(isBusyError(err)).toBe(true);
    expect(tries.length).toBeGreaterThan(1);
    const check = new Database(file);
    expect(check.prepare('SELECT count(*) AS n FROM "CardSet" WHERE "code" = \'X\'').get()).toEqual({ n: 0 });
    check.close();
  });
});

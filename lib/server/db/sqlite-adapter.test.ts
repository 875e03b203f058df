import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { singleWriterSqliteAdapter } from "@/lib/server/db/sqlite-adapter";
import { MIGRATION_DIRS, migrationNames } from "@/scripts/lib/db-schema";

/**
 * SQLite under concurrency: another process holds the write lock while the
 * app writes, and the app's own writes meet its open transactions. The writes
 * run on the writer thread (lib/server/db/sqlite-writer-worker.mjs), so its waits never
 * hold the event loop. Assertions are about order (what finished while the
 * lock was held), never about durations.
 */

const root = path.resolve(__dirname, "../../..");
const dir = path.join(root, ".tmp", "vitest");
const file = path.join(dir, `sqlite-adapter-${process.pid}-${Math.random().toString(36).slice(2)}.db`);
const clients: PrismaClient[] = [];

function client(): PrismaClient {
  const c = new PrismaClient({ adapter: singleWriterSqliteAdapter(file), transactionOptions: { maxWait: 20_000, timeout: 20_000 } });
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

  it("a write made while one of the app's transactions is open waits for it, and is not rolled back with it", async () => {
    const app = client();
    await app.user.count();
    const events: string[] = [];
    let inside!: () => void;
    const opened = new Promise<void>((r) => (inside = r));
    let finish!: () => void;
    const held = new Promise<void>((r) => (finish = r));
    const failing = app
      .$transaction(async (tx) => {
        await tx.cardSet.create({ data: { code: "GONE", name: "Rolled back" } });
        inside();
        await held;
        throw new Error("roll back");
      })
      .catch(() => events.push("transaction rolled back"));
    await opened;
    const write = app.cardSet.create({ data: { code: "KEPT", name: "Written beside it" } }).then(() => events.push("write done"));
    // a read outside the transaction sees the committed state only, while the transaction is open
    events.push(`read ${await app.cardSet.count({ where: { code: "GONE" } })} uncommitted`);
    await sleep(100);
    events.push("transaction ends");
    finish();
    await Promise.all([failing, write]);
    expect(events).toEqual(["read 0 uncommitted", "transaction ends", "transaction rolled back", "write done"]);
    expect(await app.cardSet.count({ where: { code: { in: ["GONE", "KEPT"] } } })).toBe(1);
    expect(await app.cardSet.findUnique({ where: { code: "KEPT" } })).not.toBeNull();
  });

  it("writes made at once are pipelined to the thread, each run alone and in the order made, a transaction's statements never among them", async () => {
    const adapter = await singleWriterSqliteAdapter(file).connect();
    const q = (sql: string, args: unknown[] = []) => ({ sql, args, argTypes: args.map(() => ({ scalarType: "string" as const, arity: "scalar" as const })) });
    const calls: Promise<unknown>[] = [];
    const order: string[] = [];
    const app = client();
    // an interactive transaction opened among them: the writes posted after it wait for its end
    const tx = app.$transaction(async (t) => {
      await t.cardSet.create({ data: { code: "PIPE-TX", name: "In the transaction" } });
      order.push("transaction");
    });
    for (let i = 0; i < 60; i++) {
      const code = `PIPE${i}`;
      // a batch (BEGIN IMMEDIATE … COMMIT in one message) and a single write, posted without waiting for each other:
      // a BEGIN run inside another batch's transaction would fail ("cannot start a transaction within a transaction")
      const batch = (adapter as unknown as { executeBatch(qs: unknown[]): Promise<number> }).executeBatch([
        q(`INSERT INTO "CardSet" ("id", "code", "name") VALUES (?, ?, ?)`, [code, code, "batch"]),
        q(`UPDATE "CardSet" SET "name" = ? WHERE "code" = ?`, [`batch ${i}`, code]),
      ]);
      calls.push(batch.then(() => order.push(`batch ${i}`)));
      calls.push(adapter.executeRaw(q(`UPDATE "CardSet" SET "name" = ? WHERE "code" = ?`, [`single ${i}`, code])).then((n) => order.push(`single ${i}:${n}`)));
    }
    await Promise.all([...calls, tx]);
    // every write ran, each single write after the batch made just before it (one row changed, its name the last)
    for (let i = 0; i < 60; i++) expect(order).toContain(`single ${i}:1`);
    const rows = await adapter.queryRaw(q(`SELECT "code", "name" FROM "CardSet" WHERE "code" LIKE 'PIPE%' ORDER BY "code"`));
    const names = new Map(rows.rows.map((r) => [String(r[0]), String(r[1])]));
    for (let i = 0; i < 60; i++) expect(names.get(`PIPE${i}`)).toBe(`single ${i}`);
    expect(names.get("PIPE-TX")).toBe("In the transaction");
    // and the answers came back in the order the writes were made
    const singles = order.filter((o) => o.startsWith("single")).map((o) => Number(o.slice(7, o.indexOf(":"))));
    expect(singles).toEqual([...singles].sort((a, b) => a - b));
    await adapter.dispose();
  });

  it("a write that cannot be sent to the thread fails alone; the writes made in the same turn go on", async () => {
    const adapter = await singleWriterSqliteAdapter(file).connect();
    const q = (sql: string, args: unknown[]) => ({ sql, args, argTypes: args.map(() => ({ scalarType: "string" as const, arity: "scalar" as const })) });
    const insert = (code: string, name: unknown) => adapter.executeRaw(q(`INSERT INTO "CardSet" ("id", "code", "name") VALUES (?, ?, ?)`, [code, code, name]));
    // three writes in one turn of the event loop: one message to the thread, which structured clone refuses (a function)
    const [before, bad, after] = await Promise.allSettled([insert("CLONE-1", "first"), insert("CLONE-2", () => "not data"), insert("CLONE-3", "third")]);
    expect(before.status).toBe("fulfilled");
    expect(bad.status).toBe("rejected");
    expect(String((bad as PromiseRejectedResult).reason)).toMatch(/could not be sent to the SQLite writer thread/);
    expect(after.status).toBe("fulfilled");
    const rows = await adapter.queryRaw(q(`SELECT "code" FROM "CardSet" WHERE "code" LIKE 'CLONE-%' ORDER BY "code"`, []));
    expect(rows.rows.map((r) => r[0])).toEqual(["CLONE-1", "CLONE-3"]);
    await adapter.dispose();
  });

  it("a write made in the same turn as a transaction opens on the same connection is not part of it", async () => {
    const adapter = await singleWriterSqliteAdapter(file).connect();
    const q = (sql: string, args: unknown[]) => ({ sql, args, argTypes: args.map(() => ({ scalarType: "string" as const, arity: "scalar" as const })) });
    const insert = (code: string) => q(`INSERT INTO "CardSet" ("id", "code", "name") VALUES (?, ?, ?)`, [code, code, code]);
    // both made before either is answered: the transaction first, then a write outside it
    const opening = adapter.startTransaction();
    const outside = adapter.executeRaw(insert("TURN-OUT"));
    const tx = await opening;
    await tx.executeRaw(insert("TURN-IN"));
    // as Prisma ends a transaction: its ROLLBACK, then the adapter's rollback (which lets the next write go)
    await tx.executeRaw(q("ROLLBACK", []));
    await tx.rollback();
    expect(await outside).toBe(1);
    const rows = await adapter.queryRaw(q(`SELECT "code" FROM "CardSet" WHERE "code" LIKE 'TURN-%'`, []));
    expect(rows.rows.map((r) => r[0])).toEqual(["TURN-OUT"]);
    await adapter.dispose();
  });

  it("a refused write comes back as Prisma's error, and the next write goes on", async () => {
    const app = client();
    await app.cardSet.create({ data: { code: "DUP", name: "First" } });
    await expect(app.cardSet.create({ data: { code: "DUP", name: "Second" } })).rejects.toMatchObject({ code: "P2002" });
    await expect(app.$transaction(async (tx) => tx.cardSet.create({ data: { code: "DUP", name: "Third" } }))).rejects.toMatchObject({ code: "P2002" });
    expect((await app.cardSet.update({ where: { code: "DUP" }, data: { name: "Renamed" } })).name).toBe("Renamed");
  });
});

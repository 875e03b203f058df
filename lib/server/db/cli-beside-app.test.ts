import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "@/test/db";

/**
 * A second process writing beside the app: `npm run catalog -- import FILE`
 * runs (its own process, its own connections) while "the app" (a Prisma
 * client built the way the app builds it, lib/server/db/db-client.ts) keeps doing
 * read-then-write transactions on the same database. Neither may fail with
 * SQLITE_BUSY (each side takes the write lock up front and retries a busy
 * database asynchronously), no write may be lost, and the two must
 * interleave: the app's writes keep finishing while the import stages and
 * applies, rather than all waiting for it. On PostgreSQL the same holds.
 * Assertions are about outcomes and order, never durations.
 */

const testDb = createTestDatabase("cli-beside-app");
const dir = path.resolve(".tmp", `cli-beside-app-${process.pid}`);
const ROWS = 3000;
let userId = "";
let cardId = "";

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  const p = testDb.prisma;
  await p.user.create({ data: { email: "cli-admin@example.test", displayName: "CLI Admin", passwordHash: "x", role: "admin" } });
  userId = (await p.user.create({ data: { email: "player@example.test", displayName: "Player", passwordHash: "x" } })).id;
  const set = await p.cardSet.create({ data: { code: "APP", name: "App" } });
  cardId = (await p.card.create({ data: { setId: set.id, number: 1, title: "Counter", titleKey: "counter", colorMask: 1, colorCount: 1, rings: 1, rarity: "common" } })).id;
}, 60_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await testDb.cleanup();
});

describe("npm run catalog -- import in a second process while the app writes", () => {
  it("the app's transactional writes all succeed, none is lost, and they interleave with the import's stage and apply", async () => {
    const file = path.join(dir, "cards.json");
    writeFileSync(file, JSON.stringify({ cards: Array.from({ length: ROWS }, (_, i) => ({ set: "CLI", number: i + 1, title: `Cli ${i + 1}`, traits: ["Robot"], colors: ["blue"], rings: i % 10, rarity: "common", text: "", effect: null })) }));
    // node with tsx as a loader: the process the README's command runs
    const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/catalog.ts", "import", file, "--as", "cli-admin@example.test"], {
      env: { ...process.env, DATABASE_URL: testDb.url, NODE_ENV: "test" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let phase = "starting";
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
      // the progress bar (not a terminal: one line per phase)
      for (const [label, name] of [["Preparing the changes", "stage"], ["Writing the changes", "apply"], ["Finishing", "done"]] as const) if (d.toString().includes(label)) phase = name;
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    let running = true;
    void exited.then(() => (running = false));

    const p = testDb.prisma;
    const finishedIn: string[] = [];
    const failures: unknown[] = [];
    while (running) {
      try {
        // read, then write: the kind of transaction that fails at once with SQLITE_BUSY when it is not taken up front
        await p.$transaction(async (tx) => {
          const row = await tx.collectionEntry.findUnique({ where: { userId_cardId: { userId, cardId } } });
          await tx.collectionEntry.upsert({ where: { userId_cardId: { userId, cardId } }, create: { userId, cardId, quantity: 1 }, update: { quantity: (row?.quantity ?? 0) + 1 } });
        });
        finishedIn.push(phase);
      } catch (e) {
        failures.push(e);
      }
      await new Promise((r) => setTimeout(r, 5));
    }

    expect(await exited, err.slice(-1000)).toBe(0);
    expect(out).toContain(`Applied: ${ROWS} create`);
    expect(failures).toEqual([]);
    // every increment is there
    const entry = await p.collectionEntry.findUnique({ where: { userId_cardId: { userId, cardId } } });
    expect(entry?.quantity).toBe(finishedIn.length);
    // the app kept writing while the import staged its rows and after it began its apply
    expect(finishedIn).toContain("stage");
    expect(finishedIn.some((x) => x === "apply" || x === "done")).toBe(true);
    expect(await p.card.count({ where: { set: { code: "CLI" } } })).toBe(ROWS);
  }, 180_000);
});

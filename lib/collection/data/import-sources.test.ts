/** Imports from other tools' CSV exports: the dialect named, unmatched lines with their closest printings, nothing written before apply. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { current } from "@/test/session-mock";
import type { SessionUser } from "@/lib/accounts/data/users";

const t = vi.hoisted(() => ({ db: null as unknown as import("@/lib/server/db/db").PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return t.db;
  },
}));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
vi.mock("next/cache", async () => (await import("@/test/next-mocks")).nextCacheMock());

import { seedDemoCatalog } from "@/lib/catalog/data/seed";
import { form, importCollection } from "@/test/collection-fixture";
import { binderPage, createBinder, exportCollection, listBinders, moveCopies, setOwned } from "@/lib/collection/data";
import { toCollectionCsv, toCollectionJson } from "@/lib/collection/transfer";
import { NO_DETAILS } from "@/lib/collection/copies";

const testDb = createTestDatabase("collection-import-sources");
t.db = testDb.prisma;
afterAll(() => testDb.cleanup());

let alice: SessionUser;
const sample = (name: string) => readFileSync(path.join(__dirname, "..", "samples", name), "utf8");

async function owned(): Promise<Record<string, number>> {
  const rows = await testDb.prisma.collectionEntry.findMany({ where: { userId: alice.id }, include: { card: { select: { number: true } } } });
  return Object.fromEntries(rows.filter((r) => r.quantity > 0).map((r) => [r.card.number, r.quantity]));
}

async function run(name: string, intent: "check" | "apply", text = sample(name)) {
  const r = await importCollection(null, form({ text, fileName: name, mode: "add", intent }));
  if (!r.ok) throw new Error(r.message);
  return r.data;
}

beforeAll(async () => {
  await seedDemoCatalog(testDb.prisma);
  const u = await testDb.prisma.user.create({ data: { email: "alice@example.test", displayName: "Alice", passwordHash: "x" } });
  alice = { id: u.id, email: u.email, displayName: "Alice", role: "user" };
});

beforeEach(async () => {
  await testDb.prisma.collectionEntry.deleteMany();
  await testDb.prisma.binder.deleteMany();
  current.user = alice;
});

describe("importing other tools' exports", () => {
  it("Deckbox: resolves the Edition by set name, lists the unmatched line with its closest printings, writes nothing", async () => {
    const d = await run("deckbox.csv", "check");
    expect(d.source.label).toBe("Deckbox CSV");
    expect(d.lines.map((l) => [l.key, l.quantity])).toEqual([["DEMO-001", 3], ["DEMO-002", 1]]);
    expect(d.errors).toHaveLength(1);
    expect(d.errors[0]).toMatchObject({ row: 4, code: "import/unknown-card" });
    expect(d.errors[0].message).toMatch(/^No card DEMO-999 \(Egg Pawn\) in the catalog\. Closest: DEMO-\d{3} Egg Pawn/);
    expect(d.canApply).toBe(false);
    expect(await owned()).toEqual({});
  });

  it("Dragon Shield: a misspelt title is a mismatch with the printing meant as the closest", async () => {
    const d = await run("dragon-shield.csv", "check");
    expect(d.source.label).toBe("Dragon Shield CSV");
    expect(d.lines.map((l) => l.key)).toEqual(["DEMO-003", "DEMO-004"]);
    expect(d.errors).toEqual([{ row: 5, code: "import/title-mismatch", message: 'DEMO-002 is "Tails" in the catalog, not "Tals". Closest: DEMO-002 Tails, DEMO-052 Tails.' }]);
  });

  it("ManaBox: an unknown set code gets the closest printing of the title", async () => {
    const d = await run("manabox.csv", "check");
    expect(d.source.label).toBe("ManaBox CSV");
    expect(d.lines.map((l) => [l.key, l.quantity])).toEqual([["DEMO-005", 4], ["DEMO-006", 1]]);
    expect(d.errors.map((e) => e.message)).toEqual(["No card DMEO-006 (Cheese the Chao) in the catalog. Closest: DEMO-006 Cheese the Chao, DEMO-056 Chocola the Chao."]);
  });

  it("TCGplayer: a clean file checks, and only the confirmed apply writes it", async () => {
    const d = await run("tcgplayer.csv", "check");
    expect(d).toMatchObject({ source: { label: "TCGplayer CSV" }, canApply: true, errors: [] });
    expect(await owned()).toEqual({});
    await run("tcgplayer.csv", "apply");
    expect(await owned()).toEqual({ 7: 2, 8: 1 });
  });

  it("an old Ringbinder file still imports the same", async () => {
    const d = await run("ringbinder-v1.csv", "apply");
    expect(d.source.label).toBe("Ringbinder CSV");
    expect(await owned()).toEqual({ 1: 3, 2: 6, 12: 1 });
  });
});

describe("binders and details through export and import", () => {
  async function snapshot() {
    const binders = await listBinders(alice);
    const lots = [];
    for (const b of binders) lots.push(...(await binderPage(alice, b.id))!.lots.map((l) => [b.name, l.key, l.quantity, l.details]));
    return { binders: binders.map((b) => [b.name, b.copies]), lots };
  }

  it("an export imported in replace mode gives back the same binders, lots and details (CSV and JSON)", async () => {
    await setOwned(alice, (await testDb.prisma.card.findFirstOrThrow({ where: { number: 1 } })).id, 5);
    const tails = (await testDb.prisma.card.findFirstOrThrow({ where: { number: 2 } })).id;
    await setOwned(alice, tails, 2);
    const trade = await createBinder(alice, "Trade binder");
    const sonic = (await testDb.prisma.card.findFirstOrThrow({ where: { number: 1 } })).id;
    await moveCopies(alice, { cardId: sonic, lotId: null, quantity: 2, toBinderId: trade.id, details: { ...NO_DETAILS, condition: "LP", language: "Japanese", priceCents: 150, purchasedOn: "2024-06-12", note: "=from a friend" } });
    await moveCopies(alice, { cardId: tails, lotId: null, quantity: 1, toBinderId: null, details: { ...NO_DETAILS, printing: "Foil" } });
    const before = await snapshot();
    const csv = toCollectionCsv(await exportCollection(alice));
    expect(csv.split("\n")[0]).toBe("set,number,title,quantity,binder,condition,language,printing,price,date,note");
    const json = toCollectionJson(await exportCollection(alice), new Date());
    for (const [text, fileName] of [[csv, "backup.csv"], [json, "backup.json"]]) {
      await testDb.prisma.collectionEntry.deleteMany();
      await testDb.prisma.binder.deleteMany();
      const d = await run(fileName, "check", text);
      expect(d).toMatchObject({ canApply: true, summary: { placed: 3, newBinders: ["Trade binder"] } });
      await run(fileName, "apply", text);
      expect(await snapshot()).toEqual(before);
    }
    // an old file (no binder columns) in add mode leaves binders and details alone
    await run("ringbinder-v1.csv", "apply");
    const after = await snapshot();
    expect(after.binders).toEqual([["Unsorted", 3 + 2 + 3 + 6 + 1], ["Trade binder", 2]]);
    expect(after.lots.filter((l) => l[0] === "Trade binder")).toEqual(before.lots.filter((l) => l[0] === "Trade binder"));
  });
});

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

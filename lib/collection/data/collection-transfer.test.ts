/** The collection's views, lookup, completion, and import/export files (privacy, quantities and packs: collection.test.ts). */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { current } from "@/test/session-mock";
import type { SessionUser } from "@/lib/accounts/data/users";
import type { Actor } from "@/lib/server/actor";

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
import {
  collectionCompletion,
  exportCollection,
  listCollection,
  lookupCards,
  previewCollectionImport,
} from "@/lib/collection/data";
import { adjustOwnedQuantity, setOwnedQuantity } from "@/lib/collection/actions";
import { form, importCollection } from "@/test/collection-fixture";
import { toCollectionCsv, toCollectionJson } from "@/lib/collection/transfer";

const testDb = createTestDatabase("collection-transfer");
t.db = testDb.prisma;
afterAll(() => testDb.cleanup());

let alice: SessionUser;
let bob: SessionUser;
let cards: { id: string; number: number; title: string }[] = [];
const id = (n: number) => cards.find((c) => c.number === n)!.id;

function as(user: SessionUser | null) {
  current.user = user;
}

async function quantities(userId: string): Promise<Record<string, number>> {
  const rows = await testDb.prisma.collectionEntry.findMany({ where: { userId, quantity: { gt: 0 } }, orderBy: { cardId: "asc" } });
  return Object.fromEntries(rows.map((r) => [r.cardId, r.quantity]));
}

beforeAll(async () => {
  await seedDemoCatalog(testDb.prisma);
  const mk = async (email: string, displayName: string): Promise<SessionUser> => {
    const u = await testDb.prisma.user.create({ data: { email, displayName, passwordHash: "x" } });
    return { id: u.id, email, displayName, role: "user" };
  };
  alice = await mk("alice@example.test", "Alice");
  bob = await mk("bob@example.test", "Bob");
  cards = await testDb.prisma.card.findMany({ select: { id: true, number: true, title: true }, orderBy: { number: "asc" } });
});

beforeEach(async () => {
  await testDb.prisma.packOpening.deleteMany();
  await testDb.prisma.collectionEntry.deleteMany();
  as(null);
});

describe("collection view", () => {
  beforeEach(() => as(alice));

  async function keys(actor: Actor, opts: Parameters<typeof listCollection>[1]): Promise<string[]> {
    const r = await listCollection(actor, opts);
    if (!r.ok) throw new Error(r.error.message);
    return r.cards.map((c) => `${c.key}x${c.quantity}`);
  }

  it("ANDs the search language with owned / missing / duplicates", async () => {
    const sonic = cards.filter((c) => c.title === "Sonic the Hedgehog");
    await setOwnedQuantity(sonic[0].id, 7);
    await setOwnedQuantity(id(2), 1);
    expect(await keys(alice, { filter: "owned" })).toEqual(["DEMO-001x7", "DEMO-002x1"]);
    expect(await keys(alice, { filter: "owned", q: "sonic" })).toEqual(["DEMO-001x7"]);
    expect(await keys(alice, { filter: "duplicates" })).toEqual(["DEMO-001x7"]);
    expect(await keys(alice, { filter: "missing", q: '"sonic the hedgehog"' })).toEqual(["DEMO-053x0"]);
    expect(await keys(alice, { filter: "owned", q: "c:yellow" })).toEqual(["DEMO-002x1"]);
    const missing = await listCollection(alice, { filter: "missing" });
    expect(missing.ok && missing.total).toBe(cards.length - 2);
    const bad = await listCollection(alice, { q: "c:" });
    expect(bad.ok).toBe(false);
    expect(bad.summary.distinctOwned).toBe(2);
  });
});

describe("lookup", () => {
  beforeEach(() => as(alice));
  it("finds cards by number forms and by title fragment, exact numbers first", async () => {
    expect((await lookupCards(alice, "7"))[0].key).toBe("DEMO-007");
    expect((await lookupCards(alice, "007"))[0].key).toBe("DEMO-007");
    expect((await lookupCards(alice, "DEMO-7"))[0].key).toBe("DEMO-007");
    expect((await lookupCards(alice, "demo 007"))[0].key).toBe("DEMO-007");
    const knu = await lookupCards(alice, "KNU");
    expect(knu.length).toBeGreaterThan(0);
    expect(knu.every((c) => c.title.toLowerCase().includes("knu"))).toBe(true);
    expect(await lookupCards(alice, "   ")).toEqual([]);
    expect(await lookupCards(alice, "999")).toEqual([]);
  });

  it("matches % and _ literally, and a backslash as itself", async () => {
    const set = await testDb.prisma.cardSet.create({ data: { code: "LIT", name: "Literal" } });
    for (const [n, title] of [[1, "100% Juice"], [2, "100 Rings"], [3, "Under_Score"], [4, "Underxscore"], [5, "Back\\slash"]] as const) {
      await testDb.prisma.card.create({ data: { setId: set.id, number: n, title, titleKey: title.toLowerCase(), colorMask: 1, colorCount: 1, rings: 1, rarity: "common", text: "" } });
    }
    const titles = async (q: string) => (await lookupCards(alice, q)).map((c) => c.title).sort();
    expect(await titles("0%")).toEqual(["100% Juice"]);
    expect(await titles("%")).toEqual(["100% Juice"]);
    expect(await titles("r_s")).toEqual(["Under_Score"]);
    expect(await titles("_")).toEqual(["Under_Score"]);
    expect(await titles("\\")).toEqual(["Back\\slash"]);
    expect(await titles("k\\s")).toEqual(["Back\\slash"]);
    expect(await titles("underxs")).toEqual(["Underxscore"]);
    // leave the catalog as the other tests expect it
    await testDb.prisma.card.deleteMany({ where: { setId: set.id } });
    await testDb.prisma.cardSet.delete({ where: { id: set.id } });
  });
});

describe("completion", () => {
  beforeEach(() => as(alice));
  it("counts distinct cards owned per set, color and rarity, and playsets of titles", async () => {
    const empty = await collectionCompletion(alice);
    expect(empty.overall).toMatchObject({ owned: 0, total: cards.length, playsets: 0 });
    const sonic = cards.filter((c) => c.title === "Sonic the Hedgehog");
    expect(sonic.length).toBe(2);
    await setOwnedQuantity(sonic[0].id, 3);
    await setOwnedQuantity(sonic[1].id, 2); // 5 copies of the title across two printings: one playset
    await setOwnedQuantity(id(2), 4);
    const c = await collectionCompletion(alice);
    expect(c.overall).toMatchObject({ owned: 3, playsets: 1 });
    expect(c.sets[0]).toMatchObject({ key: "DEMO", owned: 3, total: cards.length, playsets: 1 });
    expect(c.colors.map((x) => x.key)).toEqual(["blue", "red", "yellow", "gray"]);
    expect(c.colors.reduce((s, x) => s + x.total, 0)).toBeGreaterThanOrEqual(cards.length);
    expect(c.rarities.reduce((s, x) => s + x.total, 0)).toBe(cards.length);
    expect(c.rarities.reduce((s, x) => s + x.owned, 0)).toBe(3);
  });
});

describe("import and export", () => {
  beforeEach(() => as(alice));

  async function seedAlice() {
    await setOwnedQuantity(id(1), 2);
    await setOwnedQuantity(id(7), 11);
    await setOwnedQuantity(id(40), 1);
  }

  it("export then import in replace mode gives the same collection (CSV and JSON)", async () => {
    await seedAlice();
    const original = await quantities(alice.id);
    const csv = toCollectionCsv(await exportCollection(alice));
    const json = toCollectionJson(await exportCollection(alice), new Date());
    await setOwnedQuantity(id(1), 0);
    await setOwnedQuantity(id(9), 4);
    await adjustOwnedQuantity(id(7), 5);
    const r = await importCollection(null, form({ text: csv, mode: "replace", intent: "apply" }));
    expect(r).toMatchObject({ ok: true, data: { applied: true, format: "csv" } });
    expect(await quantities(alice.id)).toEqual(original);

    await setOwnedQuantity(id(12), 3);
    await importCollection(null, form({ file: new File([json], "mine.json"), mode: "replace", intent: "apply" }));
    expect(await quantities(alice.id)).toEqual(original);

    // and into another user's empty collection: the same cards
    as(bob);
    await importCollection(null, form({ text: csv, mode: "replace", intent: "apply" }));
    expect(Object.values(await quantities(bob.id))).toEqual(Object.values(original));
  });

  it("add mode adds to what is owned; duplicate rows are summed; the dry run changes nothing", async () => {
    await seedAlice();
    const text = "set,number,title,quantity\nDEMO,1,sonic the hedgehog,1\nDEMO,1,,2\nDEMO,2,Tails,0\n";
    const check = await importCollection(null, form({ text, mode: "add", intent: "check" }));
    if (!check.ok) throw new Error(check.message);
    expect(check.data.canApply).toBe(true);
    expect(check.data.lines[0]).toMatchObject({ rows: [2, 3], key: "DEMO-001", quantity: 3, current: 2, next: 5 });
    expect(check.data.summary).toMatchObject({ changed: 1, added: 3, removed: 0 });
    expect((await quantities(alice.id))[id(1)]).toBe(2);
    await importCollection(null, form({ text, mode: "add", intent: "apply" }));
    expect((await quantities(alice.id))[id(1)]).toBe(5);
    expect((await quantities(alice.id))[id(7)]).toBe(11);
  });

  it("the replace preview counts what would be removed", async () => {
    await seedAlice();
    const p = await previewCollectionImport(alice, "csv", "set,number,quantity\nDEMO,1,2\n", "replace");
    expect(p.summary).toEqual({ changed: 2, added: 0, removed: 12, removedEntries: 2, placed: 0, newBinders: [] });
  });

  it("malformed imports change nothing and say which rows are wrong", async () => {
    await seedAlice();
    const original = await quantities(alice.id);
    const bad: [string, string, RegExp][] = [
      ["unknown card", "set,number,quantity\nDEMO,1,1\nDEMO,999,1\n", /1 row error/],
      ["unknown set", "set,number,quantity\nNOPE,1,1\n", /1 row error/],
      ["bad quantity", "set,number,quantity\nDEMO,1,1\nDEMO,2,-4\n", /1 row error/],
      ["title mismatch", "set,number,title,quantity\nDEMO,1,Tails,1\n", /1 row error/],
      ["too many copies", "set,number,quantity\nDEMO,7,9990\nDEMO,7,20\n", /1 row error/],
      ["missing columns", "card,count\nDEMO-001,1\n", /must name the columns set, number and quantity/],
      ["not json", "{oops", /not valid JSON/],
    ];
    for (const mode of ["add", "replace"] as const) {
      for (const [name, text, message] of bad) {
        const check = await importCollection(null, form({ text, mode, intent: "check" }));
        const apply = await importCollection(null, form({ text, mode, intent: "apply" }));
        expect(apply.ok, name).toBe(false);
        if (!apply.ok) expect(apply.message, name).toMatch(message);
        if (check.ok) expect(check.data.canApply, name).toBe(false);
        expect(await quantities(alice.id), name).toEqual(original);
      }
    }
    const check = await importCollection(null, form({ text: bad[0][1], mode: "add", intent: "check" }));
    if (!check.ok) throw new Error(check.message);
    expect(check.data.errors).toEqual([{ row: 3, code: "import/unknown-card", message: "No card DEMO-999 in the catalog. Closest: DEMO-109 Egg Saucer, DEMO-108 The President, DEMO-107 E-10000B." }]);
    const mismatch = await previewCollectionImport(alice, "csv", bad[3][1], "add");
    expect(mismatch.errors[0].message).toBe('DEMO-001 is "Sonic the Hedgehog" in the catalog, not "Tails". Closest: DEMO-002 Tails, DEMO-052 Tails.');
  });

  it("refuses oversized uploads and empty submissions with a clear error", async () => {
    const big = new File(["x".repeat(2 * 1024 * 1024 + 1)], "big.csv");
    const r = await importCollection(null, form({ file: big, mode: "add", intent: "check" }));
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.message).toMatch(/limited to 2\.0 MB/);
    expect(await importCollection(null, form({ mode: "add", intent: "check" }))).toMatchObject({ ok: false, message: "Choose a file or paste the collection." });
    expect(await importCollection(null, form({ text: "set,number,quantity\nDEMO,1,1\n", mode: "merge", intent: "check" }))).toMatchObject({ ok: false });
  });

  it("large imports apply in bulk: thousands of distinct cards, many set codes", async () => {
    const set = await testDb.prisma.cardSet.upsert({ where: { code: "BULK" }, create: { code: "BULK", name: "Bulk test set" }, update: {} });
    const n = 1500;
    await testDb.prisma.card.createMany({
      data: Array.from({ length: n }, (_, i) => ({ setId: set.id, number: i + 1, title: `Bulk ${i + 1}`, titleKey: `bulk ${i + 1}`, colorMask: 1, rings: 1, rarity: "common" })),
    });
    const csv = `set,number,quantity\n${Array.from({ length: n }, (_, i) => `BULK,${i + 1},${(i % 3) + 1}`).join("\n")}\n`;
    const first = await importCollection(null, form({ text: csv, mode: "add", intent: "apply" }));
    expect(first.ok).toBe(true);
    // the route streamed its progress through every phase before the result
    expect([...new Set(first.progress)]).toEqual(["compare", "check", "stage", "apply", "done"]);
    expect((await importCollection(null, form({ text: csv, mode: "add", intent: "apply" }))).ok).toBe(true);
    const q = await quantities(alice.id);
    expect(Object.keys(q)).toHaveLength(n);
    expect(Object.values(q).reduce((a, b) => a + b, 0)).toBe(2 * n * 2); // (1+2+3)/3 = 2 per card on average, twice
    // a file naming thousands of unknown set codes gets row errors, not a crash
    const codes = `set,number,quantity\n${Array.from({ length: 3000 }, (_, i) => `X${i},1,1`).join("\n")}\n`;
    const p = await previewCollectionImport(alice, "csv", codes, "add");
    expect(p.errors).toHaveLength(3000);
    expect(p.errors[0].code).toBe("import/unknown-card");
    await testDb.prisma.collectionEntry.deleteMany();
    await testDb.prisma.card.deleteMany({ where: { setId: set.id } });
  });

  it("a large replace import applies atomically", async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `DEMO,${(i % cards.length) + 1},1`).join("\n");
    const r = await importCollection(null, form({ text: `set,number,quantity\n${rows}\n`, mode: "replace", intent: "apply" }));
    expect(r.ok).toBe(true);
    const q = await quantities(alice.id);
    expect(Object.values(q).reduce((a, b) => a + b, 0)).toBe(3000);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { current } from "@/test/session-mock";
import type { SessionUser } from "@/lib/accounts/data/users";
import type { ImportActionData } from "@/lib/collection/types";

const t = vi.hoisted(() => ({ db: null as unknown as import("@/lib/server/db/db").PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return t.db;
  },
}));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

import { seedDemoCatalog } from "@/lib/catalog/data/seed";
import {
  applyCollectionImport,
  collectionCompletion,
  exportCollection,
  listCollection,
  listPackOpenings,
  lookupCards,
  ownedQuantities,
  previewCollectionImport,
} from "@/lib/collection/data";
import { adjustOwnedQuantity, savePackOpening, setOwnedQuantity, undoLastPack } from "@/lib/collection/actions";
import { POST as importRoute } from "@/app/api/collection/import/route";
import { toCollectionCsv, toCollectionJson } from "@/lib/collection/transfer";
import { NextRequest } from "next/server";
import { GET as exportRoute } from "@/app/api/collection/export/route";
import { GET as lookupRoute } from "@/app/api/collection/lookup/route";

/** Posts an import form to POST /api/collection/import and reads its stream of lines to the result, as the page does. */
async function importCollection(_prev: null, fd: FormData): Promise<{ ok: true; message: string; status: number; data: ImportActionData; progress: string[] } | { ok: false; message: string; status: number; progress: string[] }> {
  const res = await importRoute(new Request("http://app.test/api/collection/import", { method: "POST", body: fd, headers: { origin: "http://app.test", host: "app.test" } }));
  if (!res.ok) return { ok: false, status: res.status, message: ((await res.json()) as { error: { message: string } }).error.message, progress: [] };
  const lines = (await res.text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { type: string; ok?: boolean; message: string; data?: ImportActionData; phase?: string });
  const last = lines.at(-1)!;
  const progress = lines.filter((l) => l.type === "progress").map((l) => l.phase!);
  return last.type === "result" && last.ok ? { ok: true, message: last.message, data: last.data!, status: res.status, progress } : { ok: false, message: last.message, status: res.status, progress };
}

const testDb = createTestDatabase("collection");
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

function form(fields: Record<string, string | string[] | File>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) for (const x of v) fd.append(k, x);
    else fd.append(k, v);
  }
  return fd;
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

describe("privacy: one user's collection is invisible and untouchable to another", () => {
  beforeEach(async () => {
    as(alice);
    expect((await adjustOwnedQuantity(id(1), 3)).ok).toBe(true);
    expect((await setOwnedQuantity(id(2), 7)).ok).toBe(true);
    expect((await savePackOpening(null, form({ cardId: [id(3), id(3), id(4)] }))).ok).toBe(true);
  });

  it("reads as B show none of A's cards by any route", async () => {
    as(bob);
    const page = await listCollection({ filter: "owned" });
    expect(page).toMatchObject({ ok: true, cards: [], summary: { distinctOwned: 0, copies: 0 } });
    const all = await listCollection({ filter: "all" });
    if (!all.ok) throw new Error("query failed");
    expect(all.cards.length).toBeGreaterThan(0);
    expect(all.cards.every((c) => c.quantity === 0)).toBe(true);
    expect(await exportCollection()).toEqual([]);
    expect(await listPackOpenings()).toEqual([]);
    expect(await ownedQuantities([id(1), id(2)])).toEqual({ [id(1)]: 0, [id(2)]: 0 });
    expect((await lookupCards("1")).find((c) => c.id === id(1))?.owned).toBe(0);
    expect((await collectionCompletion()).overall.owned).toBe(0);
    const preview = await previewCollectionImport("csv", "set,number,quantity\nDEMO,1,1\n", "add");
    expect(preview.lines[0]).toMatchObject({ current: 0, next: 1 });
  });

  it("writes as B change only B's rows, whatever ids or fields B forges", async () => {
    const before = await quantities(alice.id);
    as(bob);
    await adjustOwnedQuantity(id(1), 2);
    await setOwnedQuantity(id(2), 1);
    // forged fields naming Alice are ignored: the owner always comes from the session
    await savePackOpening(null, form({ cardId: [id(1)], userId: alice.id, ownerId: alice.id }));
    await importCollection(null, form({ text: "set,number,quantity\nDEMO,1,9\n", mode: "replace", intent: "apply", userId: alice.id }));
    expect(await quantities(alice.id)).toEqual(before);
    expect(await quantities(bob.id)).toEqual({ [id(1)]: 9 });
  });

  it("B cannot undo A's pack, even with its id", async () => {
    const [alicePack] = await testDb.prisma.packOpening.findMany({ where: { userId: alice.id } });
    const before = await quantities(alice.id);
    as(bob);
    const r = await undoLastPack(null, form({ packId: alicePack.id }));
    expect(r).toMatchObject({ ok: false, message: "There is no pack opening to undo." });
    await savePackOpening(null, form({ cardId: [id(5)] }));
    expect(await undoLastPack(null, form({ packId: alicePack.id }))).toMatchObject({ ok: false, message: "Only your most recent pack opening can be undone." });
    expect(await quantities(alice.id)).toEqual(before);
    expect((await testDb.prisma.packOpening.findUniqueOrThrow({ where: { id: alicePack.id } })).undoneAt).toBeNull();
    expect(await quantities(bob.id)).toEqual({ [id(5)]: 1 });
  });

  it("the export and lookup routes answer with the session user's data only, and 401 to guests", async () => {
    as(bob);
    await adjustOwnedQuantity(id(9), 1);
    const csv = await (await exportRoute(new NextRequest("http://app.test/api/collection/export?format=csv&userId=" + alice.id))).text();
    expect(csv).toBe("set,number,title,quantity\nDEMO,9," + cards.find((c) => c.number === 9)!.title + ",1\n");
    const json = (await (await exportRoute(new NextRequest("http://app.test/api/collection/export?format=json"))).json()) as { cards: unknown[] };
    expect(json.cards).toHaveLength(1);
    const lookup = (await (await lookupRoute(new NextRequest("http://app.test/api/collection/lookup?q=1"))).json()) as { cards: { id: string; owned: number }[] };
    expect(lookup.cards.find((c) => c.id === id(1))?.owned).toBe(0);
    expect((await exportRoute(new NextRequest("http://app.test/api/collection/export?format=xml"))).status).toBe(400);
    as(null);
    expect((await exportRoute(new NextRequest("http://app.test/api/collection/export?format=csv"))).status).toBe(401);
    expect((await lookupRoute(new NextRequest("http://app.test/api/collection/lookup?q=1"))).status).toBe(401);
  });

  it("B's replace import leaves A's collection alone", async () => {
    const before = await quantities(alice.id);
    as(bob);
    await applyCollectionImport("json", JSON.stringify([{ set: "DEMO", number: 9, quantity: 1 }]), "replace");
    expect(await quantities(alice.id)).toEqual(before);
  });

  it("guests can neither read nor write", async () => {
    const before = await quantities(alice.id);
    as(null);
    await expect(listCollection()).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(exportCollection()).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(lookupCards("sonic")).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(collectionCompletion()).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(listPackOpenings()).rejects.toMatchObject({ code: "auth/unauthenticated" });
    for (const r of [
      await adjustOwnedQuantity(id(1), 1),
      await setOwnedQuantity(id(1), 4),
      await savePackOpening(null, form({ cardId: [id(1)] })),
      await undoLastPack(null, form({})),
    ]) {
      expect(r).toMatchObject({ ok: false, message: "Please sign in first." });
    }
    expect(await importCollection(null, form({ text: "set,number,quantity\nDEMO,1,9\n", mode: "replace", intent: "apply" }))).toMatchObject({ ok: false, status: 401 });
    expect(await quantities(alice.id)).toEqual(before);
  });
});

describe("quantities", () => {
  beforeEach(() => as(alice));

  it("never go below zero", async () => {
    await adjustOwnedQuantity(id(1), 2);
    const r = await adjustOwnedQuantity(id(1), -3);
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.message).toMatch(/You own 2 of Sonic the Hedgehog \(DEMO-001\); you cannot remove 3/);
    expect(await adjustOwnedQuantity(id(2), -1)).toMatchObject({ ok: false, message: "You own no copies of Tails (DEMO-002)." });
    expect(await setOwnedQuantity(id(1), -1)).toMatchObject({ ok: false, message: "Quantity cannot be negative" });
    expect(await setOwnedQuantity(id(1), "")).toMatchObject({ ok: false });
    expect(await setOwnedQuantity(id(1), 2.5)).toMatchObject({ ok: false });
    expect(await quantities(alice.id)).toEqual({ [id(1)]: 2 });
    expect(await adjustOwnedQuantity(id(1), -2)).toMatchObject({ ok: true, data: { quantity: 0 } });
  });

  it("refuses unknown cards and bad steps", async () => {
    expect(await adjustOwnedQuantity("no-such-card", 1)).toMatchObject({ ok: false, message: "That card is not in the catalog." });
    expect(await adjustOwnedQuantity(id(1), 0)).toMatchObject({ ok: false });
    expect(await setOwnedQuantity("no-such-card", 3)).toMatchObject({ ok: false, message: "That card is not in the catalog." });
    expect(await savePackOpening(null, form({ cardId: [id(1), "no-such-card"] }))).toMatchObject({ ok: false, message: "That card is not in the catalog." });
    expect(await quantities(alice.id)).toEqual({});
  });

  it("lose no concurrent increments, and concurrent decrements stop at zero", async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => adjustOwnedQuantity(id(1), 1)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await quantities(alice.id)).toEqual({ [id(1)]: 25 });

    await Promise.all([
      ...Array.from({ length: 10 }, () => adjustOwnedQuantity(id(2), 1)),
      savePackOpening(null, form({ cardId: [id(2), id(2)] })),
      applyCollectionImport("csv", "set,number,quantity\nDEMO,2,3\n", "add"),
    ]);
    expect((await quantities(alice.id))[id(2)]).toBe(15);

    await setOwnedQuantity(id(3), 3);
    const downs = await Promise.all(Array.from({ length: 8 }, () => adjustOwnedQuantity(id(3), -1)));
    expect(downs.filter((r) => r.ok)).toHaveLength(3);
    expect((await quantities(alice.id))[id(3)]).toBeUndefined();
  });
});

describe("booster packs", () => {
  beforeEach(() => as(alice));

  it("records a pack with its cards and adds them in one go; undo subtracts exactly that", async () => {
    await setOwnedQuantity(id(1), 1);
    const ids = [id(1), id(1), id(2), id(3), id(4), id(5), id(6), id(7), id(8), id(9)];
    const saved = await savePackOpening(null, form({ cardId: ids }));
    if (!saved.ok) throw new Error(saved.message);
    expect(saved.data.cardCount).toBe(10);
    expect(saved.data.cards.find((c) => c.cardId === id(1))).toMatchObject({ key: "DEMO-001", quantity: 2 });
    expect((await quantities(alice.id))[id(1)]).toBe(3);

    const [pack] = await listPackOpenings();
    expect(pack).toMatchObject({ id: saved.data.id, canUndo: true, undoneAt: null, cardCount: 10 });

    const undone = await undoLastPack(null, form({ packId: saved.data.id }));
    expect(undone.ok).toBe(true);
    expect(await quantities(alice.id)).toEqual({ [id(1)]: 1 });
    const [after] = await listPackOpenings();
    expect(after.undoneAt).not.toBeNull();
    expect(after.canUndo).toBe(false);
    expect(await undoLastPack(null, form({ packId: saved.data.id }))).toMatchObject({ ok: false, message: "There is no pack opening to undo." });
  });

  it("undoes only the last pack, then the one before", async () => {
    const first = await savePackOpening(null, form({ cardId: [id(1)] }));
    const second = await savePackOpening(null, form({ cardId: [id(2)] }));
    if (!first.ok || !second.ok) throw new Error("save failed");
    expect(await undoLastPack(null, form({ packId: first.data.id }))).toMatchObject({ ok: false });
    expect((await undoLastPack(null, form({ packId: second.data.id }))).ok).toBe(true);
    expect((await listPackOpenings()).map((p) => p.canUndo)).toEqual([false, true]);
    expect((await undoLastPack(null, form({ packId: first.data.id }))).ok).toBe(true);
    expect(await quantities(alice.id)).toEqual({});
  });

  it("refuses to undo, changing nothing, when copies were removed since", async () => {
    const saved = await savePackOpening(null, form({ cardId: [id(1), id(1), id(2)] }));
    if (!saved.ok) throw new Error(saved.message);
    await adjustOwnedQuantity(id(1), -1);
    const r = await undoLastPack(null, form({ packId: saved.data.id }));
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.message).toMatch(/Cannot undo: .*Sonic the Hedgehog \(DEMO-001\)\. Nothing was changed\./);
    expect(await quantities(alice.id)).toEqual({ [id(1)]: 1, [id(2)]: 1 });
    expect((await listPackOpenings())[0].canUndo).toBe(true);
  });

  it("accepts a pack of another size, and refuses an empty one", async () => {
    expect(await savePackOpening(null, form({ cardId: [id(1), id(2), id(3)] }))).toMatchObject({ ok: true, message: "Saved a pack of 3 cards." });
    expect(await savePackOpening(null, form({}))).toMatchObject({ ok: false, message: "Enter at least one card" });
  });
});

describe("collection view", () => {
  beforeEach(() => as(alice));

  async function keys(opts: Parameters<typeof listCollection>[0]): Promise<string[]> {
    const r = await listCollection(opts);
    if (!r.ok) throw new Error(r.error.message);
    return r.cards.map((c) => `${c.key}x${c.quantity}`);
  }

  it("ANDs the search language with owned / missing / duplicates", async () => {
    const sonic = cards.filter((c) => c.title === "Sonic the Hedgehog");
    await setOwnedQuantity(sonic[0].id, 7);
    await setOwnedQuantity(id(2), 1);
    expect(await keys({ filter: "owned" })).toEqual(["DEMO-001x7", "DEMO-002x1"]);
    expect(await keys({ filter: "owned", q: "sonic" })).toEqual(["DEMO-001x7"]);
    expect(await keys({ filter: "duplicates" })).toEqual(["DEMO-001x7"]);
    expect(await keys({ filter: "missing", q: '"sonic the hedgehog"' })).toEqual(["DEMO-053x0"]);
    expect(await keys({ filter: "owned", q: "c:yellow" })).toEqual(["DEMO-002x1"]);
    const missing = await listCollection({ filter: "missing" });
    expect(missing.ok && missing.total).toBe(cards.length - 2);
    const bad = await listCollection({ q: "c:" });
    expect(bad.ok).toBe(false);
    expect(bad.summary.distinctOwned).toBe(2);
  });
});

describe("lookup", () => {
  beforeEach(() => as(alice));
  it("finds cards by number forms and by title fragment, exact numbers first", async () => {
    expect((await lookupCards("7"))[0].key).toBe("DEMO-007");
    expect((await lookupCards("007"))[0].key).toBe("DEMO-007");
    expect((await lookupCards("DEMO-7"))[0].key).toBe("DEMO-007");
    expect((await lookupCards("demo 007"))[0].key).toBe("DEMO-007");
    const knu = await lookupCards("KNU");
    expect(knu.length).toBeGreaterThan(0);
    expect(knu.every((c) => c.title.toLowerCase().includes("knu"))).toBe(true);
    expect(await lookupCards("   ")).toEqual([]);
    expect(await lookupCards("999")).toEqual([]);
  });

  it("matches % and _ literally, and a backslash as itself", async () => {
    const set = await testDb.prisma.cardSet.create({ data: { code: "LIT", name: "Literal" } });
    for (const [n, title] of [[1, "100% Juice"], [2, "100 Rings"], [3, "Under_Score"], [4, "Underxscore"], [5, "Back\\slash"]] as const) {
      await testDb.prisma.card.create({ data: { setId: set.id, number: n, title, titleKey: title.toLowerCase(), colorMask: 1, colorCount: 1, rings: 1, rarity: "common", text: "" } });
    }
    const titles = async (q: string) => (await lookupCards(q)).map((c) => c.title).sort();
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
    const empty = await collectionCompletion();
    expect(empty.overall).toMatchObject({ owned: 0, total: cards.length, playsets: 0 });
    const sonic = cards.filter((c) => c.title === "Sonic the Hedgehog");
    expect(sonic.length).toBe(2);
    await setOwnedQuantity(sonic[0].id, 3);
    await setOwnedQuantity(sonic[1].id, 2); // 5 copies of the title across two printings: one playset
    await setOwnedQuantity(id(2), 4);
    const c = await collectionCompletion();
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
    const csv = toCollectionCsv(await exportCollection());
    const json = toCollectionJson(await exportCollection(), new Date());
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
    const p = await previewCollectionImport("csv", "set,number,quantity\nDEMO,1,2\n", "replace");
    expect(p.summary).toEqual({ changed: 2, added: 0, removed: 12, removedEntries: 2 });
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
    expect(check.data.errors).toEqual([{ row: 3, code: "import/unknown-card", message: "No card DEMO-999 in the catalog." }]);
    const mismatch = await previewCollectionImport("csv", bad[3][1], "add");
    expect(mismatch.errors[0].message).toBe('DEMO-001 is "Sonic the Hedgehog" in the catalog, not "Tails".');
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
    const p = await previewCollectionImport("csv", codes, "add");
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

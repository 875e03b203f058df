/** The collection's data and actions: privacy between users, quantities, booster packs (views, lookup, completion and files: collection-transfer.test.ts). */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { current } from "@/test/session-mock";
import type { SessionUser } from "@/lib/accounts/data/users";
import { GUEST } from "@/test/actors";

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
import { form, importCollection } from "@/test/collection-fixture";
import { NextRequest } from "next/server";
import { GET as exportRoute } from "@/app/api/collection/export/route";
import { GET as lookupRoute } from "@/app/api/collection/lookup/route";

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
    const page = await listCollection(bob, { filter: "owned" });
    expect(page).toMatchObject({ ok: true, cards: [], summary: { distinctOwned: 0, copies: 0 } });
    const all = await listCollection(bob, { filter: "all" });
    if (!all.ok) throw new Error("query failed");
    expect(all.cards.length).toBeGreaterThan(0);
    expect(all.cards.every((c) => c.quantity === 0)).toBe(true);
    expect(await exportCollection(bob)).toEqual([]);
    expect(await listPackOpenings(bob)).toEqual([]);
    expect(await ownedQuantities(bob, [id(1), id(2)])).toEqual({ [id(1)]: 0, [id(2)]: 0 });
    expect((await lookupCards(bob, "1")).find((c) => c.id === id(1))?.owned).toBe(0);
    expect((await collectionCompletion(bob)).overall.owned).toBe(0);
    const preview = await previewCollectionImport(bob, "csv", "set,number,quantity\nDEMO,1,1\n", "add");
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
    await applyCollectionImport(bob, "json", JSON.stringify([{ set: "DEMO", number: 9, quantity: 1 }]), "replace");
    expect(await quantities(alice.id)).toEqual(before);
  });

  it("guests can neither read nor write", async () => {
    const before = await quantities(alice.id);
    as(null);
    await expect(listCollection(GUEST)).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(exportCollection(GUEST)).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(lookupCards(GUEST, "sonic")).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(collectionCompletion(GUEST)).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(listPackOpenings(GUEST)).rejects.toMatchObject({ code: "auth/unauthenticated" });
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
      applyCollectionImport(alice, "csv", "set,number,quantity\nDEMO,2,3\n", "add"),
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

    const [pack] = await listPackOpenings(alice);
    expect(pack).toMatchObject({ id: saved.data.id, canUndo: true, undoneAt: null, cardCount: 10 });

    const undone = await undoLastPack(null, form({ packId: saved.data.id }));
    expect(undone.ok).toBe(true);
    expect(await quantities(alice.id)).toEqual({ [id(1)]: 1 });
    const [after] = await listPackOpenings(alice);
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
    expect((await listPackOpenings(alice)).map((p) => p.canUndo)).toEqual([false, true]);
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
    expect((await listPackOpenings(alice))[0].canUndo).toBe(true);
  });

  it("accepts a pack of another size, and refuses an empty one", async () => {
    expect(await savePackOpening(null, form({ cardId: [id(1), id(2), id(3)] }))).toMatchObject({ ok: true, message: "Saved a pack of 3 cards." });
    expect(await savePackOpening(null, form({}))).toMatchObject({ ok: false, message: "Enter at least one card" });
  });
});

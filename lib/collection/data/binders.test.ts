/** Binders, per-copy details and deck reservations: moves conserve quantities, totals keep their meaning, reservations stay within what is owned. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import type { SessionUser } from "@/lib/accounts/data/users";

const t = vi.hoisted(() => ({ db: null as unknown as import("@/lib/server/db/db").PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return t.db;
  },
}));
vi.mock("next/cache", async () => (await import("@/test/next-mocks")).nextCacheMock());

import { seedDemoCatalog } from "@/lib/catalog/data/seed";
import {
  adjustOwned,
  binderPage,
  collectionCompletion,
  createBinder,
  deckCopies,
  deleteBinder,
  listBinders,
  moveCopies,
  ownedQuantities,
  releaseDeckCopies,
  renameBinder,
  reserveDeckCopies,
  setOwned,
} from "@/lib/collection/data";
import { NO_DETAILS, copyStates } from "@/lib/collection/copies";

const testDb = createTestDatabase("collection-binders");
t.db = testDb.prisma;
afterAll(() => testDb.cleanup());

let alice: SessionUser;
let bob: SessionUser;
let card: (n: number) => string;

beforeAll(async () => {
  await seedDemoCatalog(testDb.prisma);
  const mk = async (email: string): Promise<SessionUser> => {
    const u = await testDb.prisma.user.create({ data: { email, displayName: email, passwordHash: "x" } });
    return { id: u.id, email, displayName: email, role: "user" };
  };
  alice = await mk("alice@example.test");
  bob = await mk("bob@example.test");
  const cards = await testDb.prisma.card.findMany({ select: { id: true, number: true } });
  card = (n) => cards.find((c) => c.number === n)!.id;
});

beforeEach(async () => {
  await testDb.prisma.deck.deleteMany();
  await testDb.prisma.binder.deleteMany();
  await testDb.prisma.collectionEntry.deleteMany();
});

const copiesIn = async (actor: SessionUser) => Object.fromEntries((await listBinders(actor)).map((b) => [b.name, b.copies]));

describe("binders", () => {
  it("an existing collection is all in the default binder, and the totals read as before", async () => {
    await testDb.prisma.collectionEntry.createMany({ data: [{ userId: alice.id, cardId: card(1), quantity: 3 }, { userId: alice.id, cardId: card(2), quantity: 1 }] });
    expect(await listBinders(alice)).toEqual([{ id: null, name: "Unsorted", copies: 4, cards: 2 }]);
    expect(await ownedQuantities(alice, [card(1), card(2)])).toEqual({ [card(1)]: 3, [card(2)]: 1 });
  });

  it("moving copies between binders is one action that conserves every quantity", async () => {
    await setOwned(alice, card(1), 5);
    const trade = await createBinder(alice, "Trade binder");
    const box = await createBinder(alice, "Deck box A");
    await moveCopies(alice, { cardId: card(1), lotId: null, quantity: 3, toBinderId: trade.id! });
    expect(await copiesIn(alice)).toEqual({ Unsorted: 2, "Trade binder": 3, "Deck box A": 0 });
    const lot = (await binderPage(alice, trade.id))!.lots[0];
    expect(lot).toMatchObject({ key: "DEMO-001", quantity: 3, details: NO_DETAILS });
    await moveCopies(alice, { cardId: card(1), lotId: lot.lotId, quantity: 2, toBinderId: box.id });
    expect(await copiesIn(alice)).toEqual({ Unsorted: 2, "Trade binder": 1, "Deck box A": 2 });
    // back to the default binder with no details: plain copies again
    await moveCopies(alice, { cardId: card(1), lotId: (await binderPage(alice, box.id))!.lots[0].lotId, quantity: 2, toBinderId: null });
    expect(await copiesIn(alice)).toEqual({ Unsorted: 4, "Trade binder": 1, "Deck box A": 0 });
    expect((await ownedQuantities(alice, [card(1)]))[card(1)]).toBe(5);
    // more than the source holds: refused, nothing changes
    await expect(moveCopies(alice, { cardId: card(1), lotId: null, quantity: 5, toBinderId: trade.id })).rejects.toMatchObject({ code: "collection/not-enough-copies" });
    expect(await copiesIn(alice)).toEqual({ Unsorted: 4, "Trade binder": 1, "Deck box A": 0 });
  });

  it("details split copies into their own lot; identical lots merge", async () => {
    await setOwned(alice, card(2), 4);
    const lp = { ...NO_DETAILS, condition: "LP" as const, language: "Japanese", priceCents: 200, purchasedOn: "2024-06-12" };
    await moveCopies(alice, { cardId: card(2), lotId: null, quantity: 1, toBinderId: null, details: lp });
    await moveCopies(alice, { cardId: card(2), lotId: null, quantity: 1, toBinderId: null, details: lp });
    const lots = (await binderPage(alice, null))!.lots;
    expect(lots.map((l) => [l.quantity, l.details.condition])).toEqual([[2, ""], [2, "LP"]]);
    expect((await listBinders(alice))[0]).toMatchObject({ copies: 4, cards: 1 });
  });

  it("removing copies without naming a binder takes plain copies first, then lots; the total means what it meant", async () => {
    await setOwned(alice, card(3), 4);
    const trade = await createBinder(alice, "Trade binder");
    await moveCopies(alice, { cardId: card(3), lotId: null, quantity: 3, toBinderId: trade.id });
    expect(await adjustOwned(alice, card(3), -2)).toBe(2);
    expect(await copiesIn(alice)).toEqual({ Unsorted: 0, "Trade binder": 2 });
    await setOwned(alice, card(3), 0);
    expect(await copiesIn(alice)).toEqual({ Unsorted: 0, "Trade binder": 0 });
    expect(await testDb.prisma.collectionLot.count()).toBe(0);
  });

  it("deleting a binder returns its copies, with their details, to the default binder", async () => {
    await setOwned(alice, card(4), 2);
    const b = await createBinder(alice, "Old box");
    await moveCopies(alice, { cardId: card(4), lotId: null, quantity: 2, toBinderId: b.id, details: { ...NO_DETAILS, condition: "HP" } });
    expect(await deleteBinder(alice, b.id!)).toEqual({ moved: 2 });
    expect((await binderPage(alice, null))!.lots).toMatchObject([{ quantity: 2, details: { condition: "HP" } }]);
  });

  it("completion counts each binder's and each condition's cards and playsets", async () => {
    await setOwned(alice, card(1), 6);
    await setOwned(alice, card(2), 1);
    const trade = await createBinder(alice, "Trade binder");
    await moveCopies(alice, { cardId: card(1), lotId: null, quantity: 5, toBinderId: trade.id, details: { ...NO_DETAILS, condition: "NM" } });
    const c = await collectionCompletion(alice);
    expect(c.binders.map((b) => [b.label, b.owned, b.playsets])).toEqual([["Unsorted", 2, 0], ["Trade binder", 1, 1]]);
    expect(c.conditions.map((b) => [b.label, b.owned])).toEqual([["NM · Near mint", 1], ["Condition not recorded", 2]]);
    expect(c.overall.owned).toBe(2);
  });

  it("names are checked, and nobody reaches another user's binders", async () => {
    const b = await createBinder(alice, "Trade binder");
    await expect(createBinder(alice, "Trade binder")).rejects.toMatchObject({ code: "collection/binder-name" });
    await expect(createBinder(alice, "unsorted")).rejects.toMatchObject({ code: "collection/binder-name" });
    await expect(createBinder(alice, "  ")).rejects.toMatchObject({ code: "collection/binder-name" });
    await setOwned(bob, card(1), 2);
    await expect(moveCopies(bob, { cardId: card(1), lotId: null, quantity: 1, toBinderId: b.id })).rejects.toMatchObject({ code: "collection/unknown-binder" });
    await expect(renameBinder(bob, b.id!, "Mine")).rejects.toMatchObject({ code: "collection/unknown-binder" });
    await expect(deleteBinder(bob, b.id!)).rejects.toMatchObject({ code: "collection/unknown-binder" });
    expect(await binderPage(bob, b.id)).toBeNull();
  });
});

describe("deck reservations", () => {
  async function deck(owner: SessionUser, name: string, cards: [number, number][]) {
    return testDb.prisma.deck.create({ data: { ownerId: owner.id, name, shareSlug: `${name}-${Math.random()}`, cards: { create: cards.map(([n, quantity]) => ({ cardId: card(n), quantity })) } } });
  }

  it("a deck reserves free copies only; the overlay tells free, in another deck and missing apart", async () => {
    await setOwned(alice, card(1), 3);
    const a = await deck(alice, "A", [[1, 2]]);
    const b = await deck(alice, "B", [[1, 3], [2, 1]]);
    expect(await reserveDeckCopies(alice, a.id)).toEqual({ reserved: 2, short: 0 });
    expect(await reserveDeckCopies(alice, b.id)).toEqual({ reserved: 1, short: 3 });
    const seen = (await deckCopies(alice, b.id))!;
    expect(seen).toEqual({ reserved: { [card(1)]: 1 }, elsewhere: { [card(1)]: { quantity: 2, decks: ["A"] } } });
    expect(copyStates(3, 3, seen.elsewhere[card(1)].quantity)).toEqual({ free: 1, elsewhere: 2, missing: 0 });
    expect(copyStates(1, 0, 0)).toEqual({ free: 0, elsewhere: 0, missing: 1 });
    // copies leave: reservations shrink with them, never above what is owned
    await adjustOwned(alice, card(1), -2);
    const left = await testDb.prisma.deckReservation.aggregate({ where: { userId: alice.id }, _sum: { quantity: true } });
    expect(left._sum.quantity).toBe(1);
    expect(await releaseDeckCopies(alice, a.id)).toMatchObject({ released: expect.any(Number) });
    await expect(reserveDeckCopies(bob, b.id)).rejects.toMatchObject({ code: "deck/not-found" });
    expect(await deckCopies(bob, b.id)).toBeNull();
  });
});

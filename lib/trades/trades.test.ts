/** Trades: lists and their privacy, matches and their ranking, proposals, and completion that moves exactly what was agreed (or nothing). */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import type { SessionUser } from "@/lib/accounts/data/users";

const t = vi.hoisted(() => ({ db: null as unknown as import("@/lib/server/db/db").PrismaClient, mails: [] as { to: string; subject: string; text: string }[] }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return t.db;
  },
}));
vi.mock("next/cache", async () => (await import("@/test/next-mocks")).nextCacheMock());
vi.mock("@/lib/server/mailer", () => ({ sendMail: async (m: { to: string; subject: string; text: string }) => void t.mails.push(m) }));

import { seedDemoCatalog } from "@/lib/catalog/data/seed";
import { createBinder, listBinders, moveCopies, ownedQuantities, setOwned } from "@/lib/collection/data";
import {
  acceptTrade,
  addDeckWants,
  anonymiseTradesTx,
  tradesForExport,
  counterTrade,
  declineTrade,
  getTrade,
  listMyTrades,
  markTradeDone,
  myTradeLists,
  pendingTradeCount,
  proposeTrade,
  setListQuantity,
  setTradeSettings,
  tradeMatches,
  withdrawTrade,
} from "@/lib/trades/data";
import { matchScore } from "@/lib/trades/rules";
import { deckWantsSchema } from "@/lib/trades/schemas";
import { starterDecks } from "@/lib/playtest/cards";

const testDb = createTestDatabase("trades");
t.db = testDb.prisma;
afterAll(() => testDb.cleanup());

let alice: SessionUser;
let bob: SessionUser;
let carol: SessionUser;
let card: (n: number) => string;

beforeAll(async () => {
  await seedDemoCatalog(testDb.prisma);
  const mk = async (name: string): Promise<SessionUser> => {
    const email = `${name.toLowerCase()}@example.test`;
    const u = await testDb.prisma.user.create({ data: { email, displayName: name, passwordHash: "x" } });
    return { id: u.id, email, displayName: name, role: "user" };
  };
  [alice, bob, carol] = [await mk("Alice"), await mk("Bob"), await mk("Carol")];
  const cards = await testDb.prisma.card.findMany({ select: { id: true, number: true } });
  card = (n) => cards.find((c) => c.number === n)!.id;
});

beforeEach(async () => {
  t.mails.length = 0;
  await testDb.prisma.tradeProposal.deleteMany();
  await testDb.prisma.tradeListEntry.deleteMany();
  await testDb.prisma.tradeProfile.deleteMany();
  await testDb.prisma.deck.deleteMany();
  await testDb.prisma.binder.deleteMany();
  await testDb.prisma.collectionEntry.deleteMany();
});

const owned = (u: SessionUser, ns: number[]) => ownedQuantities(u, ns.map(card)).then((q) => ns.map((n) => q[card(n)] ?? 0));
const snapshot = async () =>
  JSON.stringify(await Promise.all([testDb.prisma.collectionEntry.findMany({ orderBy: [{ userId: "asc" }, { cardId: "asc" }] }), testDb.prisma.collectionLot.findMany({ orderBy: { id: "asc" } }), testDb.prisma.deckReservation.findMany({ orderBy: { deckId: "asc" } })]));

/** Alice offers 2 of card 1 for 1 of card 2 from Bob, and Bob accepts. */
async function acceptedTrade(): Promise<string> {
  await setOwned(alice, card(1), 3);
  await setOwned(bob, card(2), 2);
  await setTradeSettings(bob, { listsPublic: true, tradeMail: true });
  const { id } = await proposeTrade(alice, { toId: bob.id, give: [{ cardId: card(1), quantity: 2 }], get: [{ cardId: card(2), quantity: 1 }] });
  await acceptTrade(bob, id);
  return id;
}

describe("completing a trade", () => {
  it("a trade both sides mark done moves exactly what was agreed, in one step", async () => {
    const id = await acceptedTrade();
    expect(await owned(alice, [1, 2])).toEqual([3, 0]);
    expect(await markTradeDone(alice, id)).toEqual({ id, completed: false });
    expect(await owned(bob, [1, 2])).toEqual([0, 2]);
    expect(await markTradeDone(bob, id)).toEqual({ id, completed: true });
    expect(await owned(alice, [1, 2])).toEqual([1, 1]);
    expect(await owned(bob, [1, 2])).toEqual([2, 1]);
    // received copies land in the receiver's default binder
    expect((await listBinders(bob))[0]).toMatchObject({ name: "Unsorted", copies: 3 });
    expect((await getTrade(alice, id))!.status).toBe("completed");
    await expect(markTradeDone(alice, id)).rejects.toMatchObject({ code: "trade/state" });
  });

  it("the traded copies come off the receiver's wants and the giver's trade list", async () => {
    const id = await acceptedTrade();
    await setListQuantity(alice, "have", card(1), 2);
    await setListQuantity(alice, "want", card(2), 3);
    await setListQuantity(bob, "want", card(1), 1);
    await markTradeDone(alice, id);
    await markTradeDone(bob, id);
    expect(await myTradeLists(alice)).toMatchObject({ haves: [], wants: [{ cardId: card(2), quantity: 2 }] });
    expect((await myTradeLists(bob)).wants).toEqual([]);
  });

  it("takes from the default binder first, then named binders", async () => {
    const id = await acceptedTrade();
    const box = await createBinder(alice, "Deck box");
    await moveCopies(alice, { cardId: card(1), lotId: null, quantity: 2, toBinderId: box.id });
    await markTradeDone(alice, id);
    await markTradeDone(bob, id);
    expect(Object.fromEntries((await listBinders(alice)).map((b) => [b.name, b.copies]))).toEqual({ Unsorted: 1, "Deck box": 1 });
  });

  it("nothing moves when a side withdraws before both marked done", async () => {
    const id = await acceptedTrade();
    await markTradeDone(alice, id);
    const before = await snapshot();
    await withdrawTrade(bob, id);
    await expect(markTradeDone(bob, id)).rejects.toMatchObject({ code: "trade/state" });
    expect(await snapshot()).toBe(before);
    expect((await getTrade(alice, id))!.status).toBe("withdrawn");
  });

  it("a giver who no longer owns enough is refused with a clear error, and nothing changes (the mark included)", async () => {
    const id = await acceptedTrade();
    await markTradeDone(alice, id);
    await setOwned(bob, card(2), 0);
    const before = await snapshot();
    await expect(markTradeDone(bob, id)).rejects.toMatchObject({ code: "trade/not-enough", message: expect.stringContaining("no longer has enough") });
    expect(await snapshot()).toBe(before);
    const trade = (await getTrade(bob, id))!;
    expect(trade).toMatchObject({ status: "accepted", iMarkedDone: false, theyMarkedDone: true });
  });

  it("copies a deck holds are not given away", async () => {
    const id = await acceptedTrade();
    const deck = await testDb.prisma.deck.create({ data: { ownerId: alice.id, name: "Mine", shareSlug: "trades-test-deck", cards: { create: [{ cardId: card(1), quantity: 2 }] } } });
    await testDb.prisma.deckReservation.create({ data: { deckId: deck.id, userId: alice.id, cardId: card(1), quantity: 2 } });
    await markTradeDone(bob, id);
    await expect(markTradeDone(alice, id)).rejects.toMatchObject({ code: "trade/not-enough" });
    expect(await owned(alice, [1])).toEqual([3]);
  });
});

describe("proposals", () => {
  it("only the two sides see a proposal, and only the right side may answer", async () => {
    const id = await acceptedTrade().then(async () => (await proposeTrade(alice, { toId: bob.id, give: [{ cardId: card(1), quantity: 1 }], get: [] })).id);
    expect(await getTrade(carol, id)).toBeNull();
    await expect(acceptTrade(carol, id)).rejects.toMatchObject({ code: "trade/not-found" });
    await expect(acceptTrade(alice, id)).rejects.toMatchObject({ code: "trade/state" });
    expect(await pendingTradeCount(bob)).toBe(2); // this one to answer, the accepted one to mark done
    await declineTrade(bob, id);
    await expect(acceptTrade(bob, id)).rejects.toMatchObject({ code: "trade/state" });
  });

  it("a counter-offer goes back to the sender and marks the first countered", async () => {
    await setOwned(alice, card(1), 3);
    await setOwned(bob, card(2), 2);
    await setTradeSettings(bob, { listsPublic: true, tradeMail: false });
    const first = await proposeTrade(alice, { toId: bob.id, give: [{ cardId: card(1), quantity: 1 }], get: [{ cardId: card(2), quantity: 2 }] });
    expect(t.mails).toHaveLength(0); // Bob turned trade mail off
    const counter = await counterTrade(bob, { tradeId: first.id, give: [{ cardId: card(2), quantity: 1 }], get: [{ cardId: card(1), quantity: 1 }] });
    expect((await getTrade(alice, first.id))!.status).toBe("countered");
    const c = (await getTrade(alice, counter.id))!;
    expect(c).toMatchObject({ sent: false, counterOfId: first.id, can: { accept: true } });
    expect(c.theyGive.map((l) => l.quantity)).toEqual([1]);
    expect(t.mails.map((m) => m.to)).toEqual(["alice@example.test"]);
    expect(t.mails[0].text).toContain("Bob");
    expect(t.mails[0].text).not.toContain("bob@example.test");
  });

  it("refuses a proposal to private lists, to oneself, or of copies one does not have", async () => {
    await setOwned(alice, card(1), 1);
    await expect(proposeTrade(alice, { toId: bob.id, give: [{ cardId: card(1), quantity: 1 }], get: [] })).rejects.toMatchObject({ code: "trade/not-found" });
    await setTradeSettings(bob, { listsPublic: true, tradeMail: true });
    await expect(proposeTrade(alice, { toId: alice.id, give: [{ cardId: card(1), quantity: 1 }], get: [] })).rejects.toMatchObject({ code: "trade/invalid" });
    await expect(proposeTrade(alice, { toId: bob.id, give: [{ cardId: card(1), quantity: 2 }], get: [] })).rejects.toMatchObject({ code: "trade/not-enough" });
    await expect(proposeTrade(alice, { toId: bob.id, give: [], get: [] })).rejects.toMatchObject({ code: "trade/invalid" });
    expect(await testDb.prisma.tradeProposal.count()).toBe(0);
  });
});

describe("lists, privacy and matches", () => {
  it("lists are private by default: no match sees them until made public", async () => {
    await setListQuantity(alice, "want", card(1), 2);
    await setListQuantity(alice, "have", card(2), 1);
    await setListQuantity(bob, "have", card(1), 3);
    await setListQuantity(bob, "want", card(2), 1);
    expect(await myTradeLists(bob)).toMatchObject({ listsPublic: false, haves: [{ quantity: 3 }], wants: [{ quantity: 1 }] });
    expect(await tradeMatches(alice)).toEqual([]);
    await setTradeSettings(bob, { listsPublic: true, tradeMail: true });
    const [m] = await tradeMatches(alice);
    expect(m).toMatchObject({ trader: { id: bob.id, displayName: "Bob" }, theyGive: [{ cardId: card(1), quantity: 2 }], iGive: [{ cardId: card(2), quantity: 1 }] });
    // Alice's lists are private: Bob does not see her
    expect(await tradeMatches(bob)).toEqual([]);
  });

  it("a deck's missing cards go on the want list in one step, raising wants only", async () => {
    await setOwned(alice, card(1), 1);
    const deck = await testDb.prisma.deck.create({ data: { ownerId: alice.id, name: "Speed", shareSlug: "trades-wants-deck", cards: { create: [{ cardId: card(1), quantity: 3 }, { cardId: card(2), quantity: 2 }] } } });
    await setListQuantity(alice, "want", card(2), 5);
    expect(await addDeckWants(alice, { kind: "deck", id: deck.id })).toEqual({ added: 1, deck: "Speed" });
    expect((await myTradeLists(alice)).wants.map((w) => [w.cardId, w.quantity])).toEqual([[card(1), 2], [card(2), 5]]);
    await expect(addDeckWants(bob, { kind: "deck", id: deck.id })).rejects.toMatchObject({ code: "trade/not-found" });
  });

  it("a shared deck's or a starter's missing cards go on a viewer's want list; a private deck's do not", async () => {
    const shared = await testDb.prisma.deck.create({ data: { ownerId: alice.id, name: "Shared", visibility: "unlisted", shareSlug: "trades-shared-deck", cards: { create: [{ cardId: card(3), quantity: 2 }] } } });
    await testDb.prisma.deck.create({ data: { ownerId: alice.id, name: "Hidden", shareSlug: "trades-private-deck", cards: { create: [{ cardId: card(4), quantity: 2 }] } } });
    await setOwned(bob, card(3), 1);
    expect(await addDeckWants(bob, { kind: "slug", slug: shared.shareSlug })).toEqual({ added: 1, deck: "Shared" });
    expect((await myTradeLists(bob)).wants.map((w) => [w.cardId, w.quantity])).toEqual([[card(3), 1]]);
    await expect(addDeckWants(bob, { kind: "slug", slug: "trades-private-deck" })).rejects.toMatchObject({ code: "trade/not-found" });
    const starter = starterDecks()[0];
    const r = await addDeckWants(carol, { kind: "starter", slug: starter.slug });
    expect(r).toMatchObject({ deck: starter.name });
    expect(r.added).toBeGreaterThan(0);
    expect((await myTradeLists(carol)).wants.reduce((n, w) => n + w.quantity, 0)).toBe(starter.size);
    // the action's input names the deck as the lab does, and refuses anything else
    expect(deckWantsSchema.safeParse({ source: `slug:${shared.shareSlug}` })).toMatchObject({ success: true, data: { source: { kind: "slug", slug: shared.shareSlug } } });
    expect(deckWantsSchema.safeParse({ source: "not a deck" }).success).toBe(false);
  });

  it("ranks matches by what the smaller side gets, then the total", async () => {
    await setListQuantity(alice, "want", card(1), 4);
    await setListQuantity(alice, "have", card(2), 4);
    for (const [u, have, want] of [[bob, 4, 1], [carol, 2, 2]] as const) {
      await setTradeSettings(u, { listsPublic: true, tradeMail: true });
      await setListQuantity(u, "have", card(1), have);
      await setListQuantity(u, "want", card(2), want);
    }
    const ranked = await tradeMatches(alice);
    expect(ranked.map((m) => m.trader.displayName)).toEqual(["Carol", "Bob"]);
    expect(ranked.map((m) => m.score)).toEqual([matchScore(2, 2), matchScore(4, 1)]);
    expect(matchScore(3, 0)).toBe(0);
  });

  it("no DTO carries an email address", async () => {
    const id = await acceptedTrade();
    await setListQuantity(alice, "want", card(2), 1);
    await setListQuantity(alice, "have", card(1), 1);
    await setListQuantity(bob, "have", card(2), 1);
    await setListQuantity(bob, "want", card(1), 1);
    await setTradeSettings(alice, { listsPublic: true, tradeMail: true });
    const all = JSON.stringify([await listMyTrades(alice), await listMyTrades(bob), await getTrade(bob, id), await tradeMatches(alice), await tradeMatches(bob), await myTradeLists(bob)]);
    expect(all).toContain("Bob");
    expect(all).not.toMatch(/@example\.test/);
  });

  it("a deleted account leaves the counterparty's record, anonymised", async () => {
    const id = await acceptedTrade();
    const gone = await testDb.prisma.user.create({ data: { email: "gone@example.test", displayName: "Gone", passwordHash: "x" } });
    await testDb.prisma.tradeProposal.update({ where: { id }, data: { toId: gone.id } });
    await testDb.prisma.$transaction((tx) => anonymiseTradesTx(tx, gone.id));
    await testDb.prisma.user.delete({ where: { id: gone.id } });
    expect(await getTrade(alice, id)).toMatchObject({ other: null, status: "withdrawn", can: { markDone: false } });
    expect((await tradesForExport(alice.id)).proposals[0]).toMatchObject({ with: "(deleted account)", status: "withdrawn" });
  });

  it("the account export holds the user's lists and trades, naming the other side by display name only", async () => {
    await acceptedTrade();
    await setListQuantity(alice, "want", card(2), 3);
    const out = await tradesForExport(alice.id);
    expect(out).toMatchObject({ listsPublic: false, wants: [{ card: "DEMO-002", quantity: 3 }], haves: [] });
    expect(out.proposals).toMatchObject([{ sent: true, with: "Bob", status: "accepted", gave: [{ card: "DEMO-001", quantity: 2 }], got: [{ card: "DEMO-002", quantity: 1 }] }]);
    expect(JSON.stringify(out)).not.toContain("@example.test");
  });
});

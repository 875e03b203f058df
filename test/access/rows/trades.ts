/**
 * Access-matrix rows for trades: lists, matches, proposals and completion
 * (read by lib/server/access-matrix.test.ts; docs/architecture.md "The access matrix").
 * The owner's trades are with a third account, so "other" and "admin" are strangers to them.
 */
import { expect } from "vitest";
import * as lists from "@/lib/trades/data/lists";
import * as matches from "@/lib/trades/data/matches";
import * as proposals from "@/lib/trades/data/proposals";
import * as complete from "@/lib/trades/data/complete";
import { db, fixture, OWNER_ONLY, SIGNED_IN, type Rows, type Who } from "@/test/access/harness";

let third: string | null = null;
/** A third account with public lists, the owner's trading partner. */
async function thirdUser(): Promise<string> {
  third ??= (await db().user.create({ data: { email: "third@matrix.test", displayName: "third", passwordHash: "x", tradeProfile: { create: { listsPublic: true } } } })).id;
  return third;
}

/** A proposal between the owner and the third account: sent by the owner or received, open or accepted. */
async function ownerTrade(ownerSends: boolean, status: "open" | "accepted"): Promise<string> {
  const f = fixture();
  const other = await thirdUser();
  const [fromId, toId] = ownerSends ? [f.users.owner.id, other] : [other, f.users.owner.id];
  return (await db().tradeProposal.create({ data: { fromId, toId, status, lines: { create: [] } } })).id;
}

const noOwnerTrade = (who: Who, r: unknown) => who !== "owner" && expect(JSON.stringify(r)).not.toContain("third");

export const data: Rows = {
  "trades/data/shared.ts#cardsById": { access: "internal", why: "card titles for trades' own DTOs, after their caller checked the actor" },
  "trades/data/shared.ts#freeCopies": { access: "internal", why: "a giver's free copies inside a trade write's transaction" },
  "trades/data/notify.ts#notifyTrader": { access: "internal", why: "the mail to the other side of a proposal the caller is a side of" },
  "trades/data/account.ts#tradesForExport": { access: "internal", why: "the session user's own lists and trades for exportMyData, which checked the session", importers: ["lib/accounts/data/account.ts"] },
  "trades/data/account.ts#anonymiseTradesTx": { access: "internal", why: "a step of deleteMyAccount's transaction, for the session user", importers: ["lib/accounts/data/account.ts"] },
  "trades/data/lists.ts#myTradeLists": { access: "checked", call: (actor) => lists.myTradeLists(actor), expect: SIGNED_IN },
  "trades/data/lists.ts#setListQuantity": { access: "checked", call: (actor, f) => lists.setListQuantity(actor, "want", f.card(1), 2), expect: SIGNED_IN },
  "trades/data/lists.ts#setTradeSettings": { access: "checked", call: (actor) => lists.setTradeSettings(actor, { listsPublic: false, tradeMail: true }), expect: SIGNED_IN },
  "trades/data/lists.ts#addDeckWants": { access: "checked", call: (actor, f) => lists.addDeckWants(actor, { kind: "deck", id: f.privateDeck.id }), expect: OWNER_ONLY },
  "trades/data/matches.ts#tradeMatches": { access: "checked", call: (actor) => matches.tradeMatches(actor), expect: SIGNED_IN },
  "trades/data/proposals.ts#listMyTrades": { access: "checked", prepare: () => ownerTrade(true, "open"), call: (actor) => proposals.listMyTrades(actor), expect: SIGNED_IN, verify: noOwnerTrade },
  "trades/data/proposals.ts#getTrade": { access: "checked", prepare: () => ownerTrade(true, "open"), call: (actor, _f, id) => proposals.getTrade(actor, id), expect: OWNER_ONLY },
  "trades/data/proposals.ts#pendingTradeCount": { access: "checked", call: (actor) => proposals.pendingTradeCount(actor), expect: SIGNED_IN },
  "trades/data/proposals.ts#proposeTrade": { access: "checked", call: async (actor, f) => proposals.proposeTrade(actor, { toId: await thirdUser(), give: [], get: [{ cardId: f.card(1), quantity: 1 }] }), expect: SIGNED_IN },
  "trades/data/proposals.ts#acceptTrade": { access: "checked", prepare: () => ownerTrade(false, "open"), call: (actor, _f, id) => proposals.acceptTrade(actor, id), expect: OWNER_ONLY },
  "trades/data/proposals.ts#declineTrade": { access: "checked", prepare: () => ownerTrade(false, "open"), call: (actor, _f, id) => proposals.declineTrade(actor, id), expect: OWNER_ONLY },
  "trades/data/proposals.ts#withdrawTrade": { access: "checked", prepare: () => ownerTrade(true, "open"), call: (actor, _f, id) => proposals.withdrawTrade(actor, id), expect: OWNER_ONLY },
  "trades/data/proposals.ts#counterTrade": {
    access: "checked",
    prepare: () => ownerTrade(false, "open"),
    call: (actor, f, id) => proposals.counterTrade(actor, { tradeId: id, give: [], get: [{ cardId: f.card(1), quantity: 1 }] }),
    expect: OWNER_ONLY,
  },
  "trades/data/complete.ts#markTradeDone": { access: "checked", prepare: () => ownerTrade(false, "accepted"), call: (actor, _f, id) => complete.markTradeDone(actor, id), expect: OWNER_ONLY },
};

export const routes: Rows = {};

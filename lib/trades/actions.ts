"use server";

import { zodFail } from "@/lib/server/action-result";
import { defineAction } from "@/lib/server/action";
import {
  acceptTrade,
  addDeckWants,
  counterTrade,
  declineTrade,
  markTradeDone,
  proposeTrade,
  setListQuantity,
  setTradeSettings,
  withdrawTrade,
} from "@/lib/trades/data";
import { counterSchema, deckWantsSchema, listQuantitySchema, proposeSchema, settingsSchema, tradeIdSchema } from "@/lib/trades/schemas";
import type { TradeLineInput, TradeListKind } from "@/lib/trades/types";

/** Trades' actions: the signed-in user's own lists and the proposals they are a side of (the DAL checks every id against the actor). */
const tradeWrite = { auth: "user", limit: "trade-write", refresh: true } as const;
/** Sending a proposal or a counter-offer mails the other side: its own, tighter limit. */
const tradeSend = { auth: "user", limit: "trade-propose", refresh: true } as const;

const copies = (n: number) => `${n} card${n === 1 ? "" : "s"}`;

/** Sets how many copies of a card are on the want list or the trade list (0 takes it off). */
export const setTradeListQuantityAction = defineAction({
  ...tradeWrite,
  input: listQuantitySchema,
  args: (list: TradeListKind, cardId: string, quantity: number) => ({ list, cardId, quantity }),
  invalid: (e) => zodFail(e, e.issues[0]?.message ?? "That quantity is not valid."),
  run: async ({ list, cardId, quantity }, actor) => ({ ok: true, data: { list, cardId, quantity: await setListQuantity(actor, list, cardId, quantity) } }),
});

/** Makes the lists public or private, and trade mail on or off. */
export const saveTradeSettingsAction = defineAction({
  ...tradeWrite,
  input: settingsSchema,
  args: (listsPublic: boolean, tradeMail: boolean) => ({ listsPublic, tradeMail }),
  run: async (settings, actor) => {
    const s = await setTradeSettings(actor, settings);
    return { ok: true, data: s, message: s.listsPublic ? "Your lists are public: others can match with you." : "Your lists are private." };
  },
});

/** Adds the cards a deck the user can see (their own, a shared one, a starter) is missing to their want list. */
export const addDeckWantsAction = defineAction({
  ...tradeWrite,
  input: deckWantsSchema,
  args: (source: string) => ({ source }),
  invalid: (e) => zodFail(e, e.issues[0]?.message ?? "That deck could not be read."),
  run: async ({ source }, actor) => {
    const r = await addDeckWants(actor, source);
    return { ok: true, data: r, message: r.added ? `Added ${copies(r.added)} of ${r.deck} to your wants.` : `Your wants already cover what ${r.deck} is missing.` };
  },
});

/** Sends a proposal: what the user gives, and what they ask for. */
export const proposeTradeAction = defineAction({
  ...tradeSend,
  input: proposeSchema,
  args: (toId: string, give: TradeLineInput[], get: TradeLineInput[], message: string) => ({ toId, give, get, message }),
  invalid: (e) => zodFail(e, e.issues[0]?.message ?? "That proposal is not valid."),
  run: async (input, actor) => ({ ok: true, data: await proposeTrade(actor, input), message: "Proposal sent." }),
});

/** Answers an open proposal with a counter-offer. */
export const counterTradeAction = defineAction({
  ...tradeSend,
  input: counterSchema,
  args: (tradeId: string, give: TradeLineInput[], get: TradeLineInput[], message: string) => ({ tradeId, give, get, message }),
  invalid: (e) => zodFail(e, e.issues[0]?.message ?? "That counter-offer is not valid."),
  run: async (input, actor) => ({ ok: true, data: await counterTrade(actor, input), message: "Counter-offer sent." }),
});

const byId = (tradeId: string) => ({ tradeId });

export const acceptTradeAction = defineAction({ ...tradeWrite, input: tradeIdSchema, args: byId, run: async ({ tradeId }, actor) => ({ ok: true, data: await acceptTrade(actor, tradeId), message: "Accepted. Send your cards, then mark the trade done." }) });

export const declineTradeAction = defineAction({ ...tradeWrite, input: tradeIdSchema, args: byId, run: async ({ tradeId }, actor) => ({ ok: true, data: await declineTrade(actor, tradeId), message: "Declined." }) });

export const withdrawTradeAction = defineAction({ ...tradeWrite, input: tradeIdSchema, args: byId, run: async ({ tradeId }, actor) => ({ ok: true, data: await withdrawTrade(actor, tradeId), message: "Withdrawn: nothing moved." }) });

/** Marks an accepted trade done; the second mark moves the cards. */
export const markTradeDoneAction = defineAction({
  ...tradeWrite,
  input: tradeIdSchema,
  args: byId,
  run: async ({ tradeId }, actor) => {
    const r = await markTradeDone(actor, tradeId);
    return { ok: true, data: r, message: r.completed ? "Trade complete: the cards moved in both collections." : "Marked done; the cards move when the other side marks it too." };
  },
});

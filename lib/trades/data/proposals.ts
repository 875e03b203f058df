import "server-only";
import { db } from "@/lib/server/db/db";
import { invalidate } from "@/lib/server/cache/invalidate";
import { userTag } from "@/lib/server/cache/tags";
import { requireActor, type Actor } from "@/lib/server/actor";
import { allowedMoves } from "@/lib/trades/rules";
import type { TradeDTO, TradeLineInput, TradeStatus } from "@/lib/trades/types";
import { cardsById, freeCopies, TradeError, type Tx } from "./shared";
import { notifyTrader } from "./notify";

/**
 * Trade proposals: sent, countered (a new proposal back, the old one marked
 * countered), accepted, declined or withdrawn. Only the two sides see a
 * proposal; anyone else gets not-found. Accepting moves nothing
 * (lib/trades/data/complete.ts moves the cards when both mark it done).
 */

const SELECT = {
  id: true, status: true, fromId: true, toId: true, counterOfId: true, message: true, fromDone: true, toDone: true, createdAt: true, updatedAt: true, completedAt: true,
  from: { select: { id: true, displayName: true } },
  to: { select: { id: true, displayName: true } },
  lines: { select: { giver: true, cardId: true, quantity: true } },
} as const;

type Row = Awaited<ReturnType<typeof loadRows>>[number];
const loadRows = (where: object) => db.tradeProposal.findMany({ where, select: SELECT, orderBy: { updatedAt: "desc" }, take: 200 });

async function toDTOs(rows: Row[], userId: string): Promise<TradeDTO[]> {
  const cards = await cardsById(rows.flatMap((r) => r.lines.map((l) => l.cardId)));
  return rows.map((r) => {
    const sent = r.fromId === userId;
    const mine = sent ? "from" : "to";
    const side = (giver: string) => r.lines.filter((l) => l.giver === giver && cards.has(l.cardId)).map((l) => ({ ...cards.get(l.cardId)!, quantity: l.quantity }));
    const iMarkedDone = sent ? r.fromDone : r.toDone;
    const theyMarkedDone = sent ? r.toDone : r.fromDone;
    const status = r.status as TradeStatus;
    return {
      id: r.id, status, sent, other: (sent ? r.to : r.from) ?? null,
      iGive: side(mine), theyGive: side(mine === "from" ? "to" : "from"),
      message: r.message, iMarkedDone, theyMarkedDone, counterOfId: r.counterOfId,
      createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(), completedAt: r.completedAt?.toISOString() ?? null,
      can: allowedMoves(status, sent, iMarkedDone, r.fromDone && r.toDone),
    };
  });
}

/** Every proposal the signed-in user sent or received, newest first. */
export async function listMyTrades(actor: Actor): Promise<TradeDTO[]> {
  const user = requireActor(actor);
  return toDTOs(await loadRows({ OR: [{ fromId: user.id }, { toId: user.id }] }), user.id);
}

/** One proposal, for one of its two sides; null for anyone else. */
export async function getTrade(actor: Actor, tradeId: string): Promise<TradeDTO | null> {
  const user = requireActor(actor);
  const rows = await loadRows({ id: tradeId, OR: [{ fromId: user.id }, { toId: user.id }] });
  return rows.length ? (await toDTOs(rows, user.id))[0] : null;
}

/** The badge on /trades: proposals waiting for the signed-in user's answer, and accepted trades they have not marked done. */
export async function pendingTradeCount(actor: Actor): Promise<number> {
  const user = requireActor(actor);
  const [toAnswer, toMark] = await Promise.all([
    db.tradeProposal.count({ where: { toId: user.id, status: "open" } }),
    db.tradeProposal.count({ where: { status: "accepted", OR: [{ fromId: user.id, fromDone: false }, { toId: user.id, toDone: false }] } }),
  ]);
  return toAnswer + toMark;
}

/** Checks one side's lines: known cards, no card twice, and (for the sender's own side) copies they can give now. */
async function checkLines(tx: Tx, give: TradeLineInput[], get: TradeLineInput[], giverId: string): Promise<void> {
  if (!give.length && !get.length) throw new TradeError("trade/invalid", "Put at least one card in the trade.");
  for (const side of [give, get]) if (new Set(side.map((l) => l.cardId)).size !== side.length) throw new TradeError("trade/invalid", "List each card once per side.");
  const ids = [...new Set([...give, ...get].map((l) => l.cardId))];
  if ((await tx.card.count({ where: { id: { in: ids } } })) !== ids.length) throw new TradeError("trade/invalid", "A card of the trade is not in the catalog.");
  const free = await freeCopies(tx, giverId, give.map((l) => l.cardId));
  const cards = await cardsById(give.map((l) => l.cardId), tx);
  for (const l of give) {
    const n = free.get(l.cardId) ?? 0;
    if (n < l.quantity) throw new TradeError("trade/not-enough", `You have ${n} free cop${n === 1 ? "y" : "ies"} of ${cards.get(l.cardId)?.title ?? "a card"} (owned and not held by a deck); you cannot offer ${l.quantity}.`);
  }
}

function lineRows(give: TradeLineInput[], get: TradeLineInput[]) {
  return [...give.map((l) => ({ giver: "from", ...l })), ...get.map((l) => ({ giver: "to", ...l }))];
}

/** Sends a proposal to a user whose lists are public: what the sender gives, and what they ask for. */
export async function proposeTrade(actor: Actor, input: { toId: string; give: TradeLineInput[]; get: TradeLineInput[]; message?: string }): Promise<{ id: string }> {
  const user = requireActor(actor);
  if (input.toId === user.id) throw new TradeError("trade/invalid", "You cannot trade with yourself.");
  const created = await db.$transaction(async (tx) => {
    const to = await tx.user.findFirst({ where: { id: input.toId, tradeProfile: { listsPublic: true } }, select: { id: true } });
    if (!to) throw new TradeError("trade/not-found", "That trader is not taking proposals (their lists are private).");
    await checkLines(tx, input.give, input.get, user.id);
    return tx.tradeProposal.create({ data: { fromId: user.id, toId: to.id, message: input.message ?? "", lines: { create: lineRows(input.give, input.get) } }, select: { id: true } });
  });
  await invalidate([userTag(user.id), userTag(input.toId)]);
  await notifyTrader(input.toId, user.displayName, "sent you a trade proposal");
  return created;
}

type Verb = "accept" | "decline" | "withdraw" | "counter";
const PAST: Record<Verb, string> = { accept: "accepted", decline: "declined", withdraw: "withdrawn", counter: "countered" };

/** Moves a proposal from one state to another for one of its sides, guarded so two answers cannot both win. */
async function transition(tx: Tx, tradeId: string, userId: string, side: "from" | "to" | "either", from: TradeStatus[], to: TradeStatus, what: Verb) {
  const row = await tx.tradeProposal.findFirst({ where: { id: tradeId, OR: [{ fromId: userId }, { toId: userId }] }, select: { fromId: true, toId: true, status: true, fromDone: true, toDone: true } });
  if (!row) throw new TradeError("trade/not-found", "That trade is not one of yours.");
  const mine = row.fromId === userId ? "from" : "to";
  if (side !== "either" && side !== mine) throw new TradeError("trade/state", `Only the ${side === "to" ? "receiver" : "sender"} of this proposal can ${what} it.`);
  const updated = await tx.tradeProposal.updateMany({ where: { id: tradeId, status: { in: from }, ...(to === "withdrawn" ? { NOT: { fromDone: true, toDone: true } } : {}) }, data: { status: to } });
  if (updated.count !== 1) throw new TradeError("trade/state", `This trade is ${row.status}; it cannot be ${PAST[what]} now.`);
  return { other: mine === "from" ? row.toId : row.fromId };
}

async function answer(actor: Actor, tradeId: string, side: "from" | "to" | "either", from: TradeStatus[], to: TradeStatus, what: Verb, mail: string): Promise<{ id: string; status: TradeStatus }> {
  const user = requireActor(actor);
  const { other } = await db.$transaction((tx) => transition(tx, tradeId, user.id, side, from, to, what));
  await invalidate([userTag(user.id), ...(other ? [userTag(other)] : [])]);
  await notifyTrader(other, user.displayName, mail);
  return { id: tradeId, status: to };
}

/** The receiver accepts an open proposal (nothing moves until both mark it done). */
export const acceptTrade = (actor: Actor, tradeId: string) => answer(actor, tradeId, "to", ["open"], "accepted", "accept", "accepted your trade proposal");
/** The receiver declines an open proposal. */
export const declineTrade = (actor: Actor, tradeId: string) => answer(actor, tradeId, "to", ["open"], "declined", "decline", "declined your trade proposal");
/** The sender withdraws an open proposal, or either side an accepted trade not yet marked done by both: nothing moves. */
export const withdrawTrade = async (actor: Actor, tradeId: string) => {
  const user = requireActor(actor);
  const row = await db.tradeProposal.findFirst({ where: { id: tradeId, OR: [{ fromId: user.id }, { toId: user.id }] }, select: { status: true } });
  return answer(actor, tradeId, row?.status === "open" ? "from" : "either", ["open", "accepted"], "withdrawn", "withdraw", "withdrew from a trade");
};

/** The receiver answers an open proposal with a counter-offer (a new proposal back to the sender; the old one is marked countered). */
export async function counterTrade(actor: Actor, input: { tradeId: string; give: TradeLineInput[]; get: TradeLineInput[]; message?: string }): Promise<{ id: string }> {
  const user = requireActor(actor);
  const { created, other } = await db.$transaction(async (tx) => {
    const { other } = await transition(tx, input.tradeId, user.id, "to", ["open"], "countered", "counter");
    if (!other) throw new TradeError("trade/not-found", "The other trader's account is gone.");
    await checkLines(tx, input.give, input.get, user.id);
    const created = await tx.tradeProposal.create({ data: { fromId: user.id, toId: other, counterOfId: input.tradeId, message: input.message ?? "", lines: { create: lineRows(input.give, input.get) } }, select: { id: true } });
    return { created, other };
  });
  await invalidate([userTag(user.id), userTag(other)]);
  await notifyTrader(other, user.displayName, "answered your trade proposal with a counter-offer");
  return created;
}

import "server-only";
import { db } from "@/lib/server/db/db";
import { invalidate } from "@/lib/server/cache/invalidate";
import { userTag } from "@/lib/server/cache/tags";
import { requireActor, type Actor } from "@/lib/server/actor";
import { applyDelta } from "@/lib/collection/data";
import { cardsById, freeCopies, TradeError, type Tx } from "./shared";
import { notifyTrader } from "./notify";

/**
 * Completing a trade. Each side marks an accepted trade done; the mark that
 * makes both moves the agreed quantities in the same transaction: each card
 * leaves its giver's collection through the collection's own step
 * (applyDelta: Unsorted's plain copies first, then Unsorted's lots, then the
 * newest named binders) and arrives as plain copies in the receiver's
 * Unsorted. A giver may give only free copies (owned less what their decks
 * hold), so no deck reservation shrinks. The traded copies also come off
 * the receiver's want list and the giver's trade list. If a giver no longer has enough, the
 * whole step is refused (the mark included) and nothing changes.
 */

type Line = { giver: string; cardId: string; quantity: number };

async function moveCards(tx: Tx, fromId: string, toId: string, lines: Line[]): Promise<void> {
  for (const [giverId, side] of [[fromId, "from"], [toId, "to"]] as const) {
    const give = lines.filter((l) => l.giver === side);
    if (!give.length) continue;
    const free = await freeCopies(tx, giverId, give.map((l) => l.cardId));
    const short = give.filter((l) => (free.get(l.cardId) ?? 0) < l.quantity);
    if (short.length) {
      const cards = await cardsById(short.map((l) => l.cardId), tx);
      const who = giverId === fromId ? "The sender" : "The receiver";
      const what = short.map((l) => `${cards.get(l.cardId)?.title ?? "a card"} (${free.get(l.cardId) ?? 0} free of ${l.quantity})`).join(", ");
      throw new TradeError("trade/not-enough", `${who} no longer has enough free copies: ${what}. Nothing was moved.`);
    }
  }
  for (const l of lines) {
    const [giver, receiver] = l.giver === "from" ? [fromId, toId] : [toId, fromId];
    await applyDelta(tx, giver, l.cardId, -l.quantity);
    await applyDelta(tx, receiver, l.cardId, l.quantity);
    // what was traded is off the lists: the receiver wants that many fewer, the giver offers that many fewer
    await shrinkList(tx, receiver, "want", l.cardId, l.quantity);
    await shrinkList(tx, giver, "have", l.cardId, l.quantity);
  }
}

async function shrinkList(tx: Tx, userId: string, list: "want" | "have", cardId: string, by: number): Promise<void> {
  await tx.tradeListEntry.deleteMany({ where: { userId, list, cardId, quantity: { lte: by } } });
  await tx.tradeListEntry.updateMany({ where: { userId, list, cardId, quantity: { gt: by } }, data: { quantity: { decrement: by } } });
}

/** The signed-in user marks an accepted trade done; when the other side has too, the cards move. */
export async function markTradeDone(actor: Actor, tradeId: string): Promise<{ id: string; completed: boolean }> {
  const user = requireActor(actor);
  const result = await db.$transaction(async (tx) => {
    const row = await tx.tradeProposal.findFirst({ where: { id: tradeId, OR: [{ fromId: user.id }, { toId: user.id }] }, select: { fromId: true, toId: true, status: true } });
    if (!row) throw new TradeError("trade/not-found", "That trade is not one of yours.");
    const mine = row.fromId === user.id ? "fromDone" : "toDone";
    const marked = await tx.tradeProposal.updateMany({ where: { id: tradeId, status: "accepted", [mine]: false }, data: { [mine]: true } });
    if (marked.count !== 1) throw new TradeError("trade/state", row.status === "accepted" ? "You have already marked this trade done." : `This trade is ${row.status}; only an accepted trade can be marked done.`);
    const now = await tx.tradeProposal.findUniqueOrThrow({ where: { id: tradeId }, select: { fromDone: true, toDone: true, lines: { select: { giver: true, cardId: true, quantity: true } } } });
    const other = row.fromId === user.id ? row.toId : row.fromId;
    if (!(now.fromDone && now.toDone)) return { completed: false, other };
    if (!row.fromId || !row.toId) throw new TradeError("trade/state", "The other trader's account is gone; this trade cannot complete.");
    const done = await tx.tradeProposal.updateMany({ where: { id: tradeId, status: "accepted" }, data: { status: "completed", completedAt: new Date() } });
    if (done.count !== 1) throw new TradeError("trade/state", "This trade changed meanwhile; reload it.");
    await moveCards(tx, row.fromId, row.toId, now.lines);
    return { completed: true, other };
  });
  await invalidate([userTag(user.id), ...(result.other ? [userTag(result.other)] : [])]);
  await notifyTrader(result.other, user.displayName, result.completed ? "marked your trade done: the cards have moved in both collections" : "marked your trade done; mark it done too once the cards have arrived");
  return { id: tradeId, completed: result.completed };
}

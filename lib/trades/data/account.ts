import "server-only";
import { db } from "@/lib/server/db/db";
import { cardsById, type Tx } from "./shared";

/**
 * Trades in the account's own export, and what deleting an account does to
 * them: the user's lists and settings go with the account (cascade); their
 * proposals stay for the other side, with the deleted side anonymised (null,
 * shown as "a deleted account"), and any still open or accepted is withdrawn,
 * so nothing can move afterwards.
 */

/** The user's trade settings, lists and proposals, for exportMyData (which checked the session). Other traders are named by display name only. */
export async function tradesForExport(userId: string) {
  const [profile, lines, proposals] = await Promise.all([
    db.tradeProfile.findUnique({ where: { userId }, select: { listsPublic: true, tradeMail: true } }),
    db.tradeListEntry.findMany({ where: { userId }, select: { list: true, cardId: true, quantity: true }, orderBy: [{ list: "asc" }, { cardId: "asc" }] }),
    db.tradeProposal.findMany({
      where: { OR: [{ fromId: userId }, { toId: userId }] },
      select: { fromId: true, status: true, message: true, fromDone: true, toDone: true, createdAt: true, completedAt: true, from: { select: { displayName: true } }, to: { select: { displayName: true } }, lines: { select: { giver: true, cardId: true, quantity: true } } },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  const cards = await cardsById([...lines.map((l) => l.cardId), ...proposals.flatMap((p) => p.lines.map((l) => l.cardId))]);
  const named = (l: { cardId: string; quantity: number }) => ({ card: cards.get(l.cardId)?.key ?? "(deleted card)", title: cards.get(l.cardId)?.title ?? "", quantity: l.quantity });
  return {
    listsPublic: profile?.listsPublic ?? false,
    tradeMail: profile?.tradeMail ?? true,
    wants: lines.filter((l) => l.list === "want").map(named),
    haves: lines.filter((l) => l.list === "have").map(named),
    proposals: proposals.map((p) => {
      const sent = p.fromId === userId;
      const mine = sent ? "from" : "to";
      return {
        sent,
        with: (sent ? p.to : p.from)?.displayName ?? "(deleted account)",
        status: p.status,
        message: p.message,
        gave: p.lines.filter((l) => l.giver === mine).map(named),
        got: p.lines.filter((l) => l.giver !== mine).map(named),
        markedDone: sent ? p.fromDone : p.toDone,
        createdAt: p.createdAt.toISOString(),
        completedAt: p.completedAt?.toISOString() ?? null,
      };
    }),
  };
}

/** Inside deleteMyAccount's transaction: withdraws the user's unfinished trades (the foreign keys then set their side to null). */
export async function anonymiseTradesTx(tx: Tx, userId: string): Promise<void> {
  await tx.tradeProposal.updateMany({ where: { OR: [{ fromId: userId }, { toId: userId }], status: { in: ["open", "accepted"] } }, data: { status: "withdrawn" } });
}

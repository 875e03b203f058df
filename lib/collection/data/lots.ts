import "server-only";
import type { CopyDetails } from "@/lib/collection/copies";
import { hasDetails, sameDetails } from "@/lib/collection/copies";
import type { Tx } from "./errors";

/**
 * The placed part of a collection, inside a caller's transaction.
 * CollectionEntry.quantity is each card's total; CollectionLot rows hold the
 * copies that sit in a named binder or carry details, and the rest are plain
 * copies in the default binder. `trimToTotals` keeps the lots and the deck
 * reservations of a card within its total after any write that lowers it, so
 * callers that never name a binder keep today's total semantics.
 */

/** A lot as stored: its condition is one of CONDITIONS or "" (the table's CHECK). */
type StoredDetails = Omit<CopyDetails, "condition"> & { condition: string };

const LOT_FIELDS = { id: true, binderId: true, quantity: true, condition: true, language: true, printing: true, priceCents: true, purchasedOn: true, note: true } as const;

export function detailsOf(l: StoredDetails): CopyDetails {
  return { condition: l.condition as CopyDetails["condition"], language: l.language, printing: l.printing, priceCents: l.priceCents, purchasedOn: l.purchasedOn, note: l.note };
}

/** Plain copies of a card in the default binder: its total less what its lots hold. */
export async function plainCopies(tx: Tx, userId: string, cardId: string): Promise<number> {
  const [entry, held] = await Promise.all([
    tx.collectionEntry.findUnique({ where: { userId_cardId: { userId, cardId } }, select: { quantity: true } }),
    tx.collectionLot.aggregate({ where: { userId, cardId }, _sum: { quantity: true } }),
  ]);
  return Math.max(0, (entry?.quantity ?? 0) - (held._sum.quantity ?? 0));
}

/**
 * Puts `quantity` copies of a card in a binder with these details: added to
 * the lot that already has them, else a new lot. Plain copies in the default
 * binder need no lot. The caller has checked that the copies are owned.
 */
export async function addToLot(tx: Tx, userId: string, cardId: string, binderId: string | null, details: CopyDetails, quantity: number): Promise<void> {
  if (quantity <= 0 || (binderId === null && !hasDetails(details))) return;
  const lots = await tx.collectionLot.findMany({ where: { userId, cardId, binderId }, select: LOT_FIELDS });
  const same = lots.find((l) => sameDetails(detailsOf(l), details));
  if (same) await tx.collectionLot.update({ where: { id: same.id }, data: { quantity: { increment: quantity } } });
  else await tx.collectionLot.create({ data: { userId, cardId, binderId, quantity, ...details } });
}

/** Takes copies out of one lot (deleting it when it empties). */
export async function takeFromLot(tx: Tx, lotId: string, quantity: number): Promise<void> {
  const updated = await tx.collectionLot.updateMany({ where: { id: lotId, quantity: { gt: quantity } }, data: { quantity: { decrement: quantity } } });
  if (updated.count === 0) await tx.collectionLot.deleteMany({ where: { id: lotId, quantity } });
}

/**
 * After a write that may lower totals (a removal, a typed quantity, an undone
 * pack, an import): the lots and the deck reservations of those cards (all the
 * user's when `cardIds` is omitted) hold no more than the total. Copies leave
 * the default binder's plain copies first (no lot needed), then lots in the
 * default binder, then the newest lots; reservations shrink newest deck first.
 */
export async function trimToTotals(tx: Tx, userId: string, cardIds?: string[]): Promise<void> {
  const where = { userId, ...(cardIds ? { cardId: { in: [...new Set(cardIds)] } } : {}) };
  const [held, reserved] = await Promise.all([
    tx.collectionLot.groupBy({ by: ["cardId"], where, _sum: { quantity: true } }),
    tx.deckReservation.groupBy({ by: ["cardId"], where, _sum: { quantity: true } }),
  ]);
  const ids = [...new Set([...held, ...reserved].map((h) => h.cardId))];
  if (!ids.length) return;
  const totals = new Map((await tx.collectionEntry.findMany({ where: { userId, cardId: { in: ids } }, select: { cardId: true, quantity: true } })).map((e) => [e.cardId, e.quantity]));
  for (const h of held) {
    let excess = (h._sum.quantity ?? 0) - (totals.get(h.cardId) ?? 0);
    if (excess <= 0) continue;
    const lots = await tx.collectionLot.findMany({ where: { userId, cardId: h.cardId }, select: { id: true, binderId: true, quantity: true, createdAt: true } });
    lots.sort((a, b) => Number(a.binderId !== null) - Number(b.binderId !== null) || b.createdAt.getTime() - a.createdAt.getTime());
    for (const l of lots) {
      if (excess <= 0) break;
      const take = Math.min(excess, l.quantity);
      await takeFromLot(tx, l.id, take);
      excess -= take;
    }
  }
  for (const r of reserved) {
    let excess = (r._sum.quantity ?? 0) - (totals.get(r.cardId) ?? 0);
    if (excess <= 0) continue;
    const rows = await tx.deckReservation.findMany({ where: { userId, cardId: r.cardId }, select: { deckId: true, quantity: true, deck: { select: { updatedAt: true } } } });
    rows.sort((a, b) => b.deck.updatedAt.getTime() - a.deck.updatedAt.getTime());
    for (const row of rows) {
      if (excess <= 0) break;
      const take = Math.min(excess, row.quantity);
      if (take === row.quantity) await tx.deckReservation.delete({ where: { deckId_cardId: { deckId: row.deckId, cardId: r.cardId } } });
      else await tx.deckReservation.update({ where: { deckId_cardId: { deckId: row.deckId, cardId: r.cardId } }, data: { quantity: { decrement: take } } });
      excess -= take;
    }
  }
}

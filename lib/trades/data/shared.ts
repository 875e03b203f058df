import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db/db";
import { cardKey } from "@/lib/catalog/keys";
import { DomainError, type DomainErrorCode } from "@/lib/server/errors";
import type { TradeCardDTO } from "@/lib/trades/types";

/** The transaction client trades run inside. */
export type Tx = Prisma.TransactionClient;

type TradeErrorCode = Extract<DomainErrorCode, `trade/${string}`>;

/** A refusal the user can read; nothing was changed when it is thrown. */
export class TradeError extends DomainError {
  declare readonly code: TradeErrorCode;
  constructor(code: TradeErrorCode, message: string) {
    super(code, message);
    this.name = "TradeError";
  }
}

/** Cards by id, as trades show them (unknown ids are left out). */
export async function cardsById(ids: Iterable<string>, tx: Tx = db): Promise<Map<string, TradeCardDTO>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await tx.card.findMany({ where: { id: { in: unique } }, select: { id: true, title: true, number: true, set: { select: { code: true } } } });
  return new Map(rows.map((c) => [c.id, { cardId: c.id, key: cardKey(c.set.code, c.number), title: c.title }]));
}

/** The copies of each card a user may give away: owned less what their decks hold. */
export async function freeCopies(tx: Tx, userId: string, cardIds: string[]): Promise<Map<string, number>> {
  const [entries, held] = await Promise.all([
    tx.collectionEntry.findMany({ where: { userId, cardId: { in: cardIds } }, select: { cardId: true, quantity: true } }),
    tx.deckReservation.groupBy({ by: ["cardId"], where: { userId, cardId: { in: cardIds } }, _sum: { quantity: true } }),
  ]);
  const reserved = new Map(held.map((h) => [h.cardId, h._sum.quantity ?? 0]));
  return new Map(cardIds.map((id) => [id, Math.max(0, (entries.find((e) => e.cardId === id)?.quantity ?? 0) - (reserved.get(id) ?? 0))]));
}

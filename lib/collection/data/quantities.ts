import "server-only";
import { db } from "@/lib/server/db/db";
import { invalidate } from "@/lib/server/cache/invalidate";
import { userTag } from "@/lib/server/cache/tags";
import type { Prisma } from "@/lib/generated/prisma/client";
import { requireActor, type Actor } from "@/lib/server/actor";
import { cardKey } from "@/lib/catalog/keys";
import { MAX_QUANTITY } from "@/lib/collection/schemas";
import { CollectionError, type Tx } from "./errors";
import { trimToTotals } from "./lots";

/** Owned quantities of single cards: the guarded step every write in the collection goes through. */

async function cardLabel(tx: Tx, cardId: string): Promise<string> {
  const card = await tx.card.findUnique({ where: { id: cardId }, select: { title: true, number: true, set: { select: { code: true } } } });
  return card ? `${card.title} (${cardKey(card.set.code, card.number)})` : "this card";
}

/**
 * Adds `delta` copies (negative to remove) to one entry as one guarded UPDATE
 * (quantity = quantity + delta WHERE the result stays within 0..MAX), so
 * concurrent steps are never lost and the count never goes below zero.
 */
export async function applyDelta(tx: Tx, userId: string, cardId: string, delta: number, attempt = 0): Promise<number> {
  const guard: Prisma.IntFilter = delta >= 0 ? { lte: MAX_QUANTITY - delta } : { gte: -delta };
  const updated = await tx.collectionEntry.updateMany({
    where: { userId, cardId, quantity: guard },
    data: { quantity: { increment: delta } },
  });
  if (updated.count === 0) {
    const existing = await tx.collectionEntry.findUnique({ where: { userId_cardId: { userId, cardId } }, select: { quantity: true } });
    if (existing) {
      if (delta < 0 && existing.quantity < -delta) {
        throw new CollectionError("collection/below-zero", `You own ${existing.quantity} of ${await cardLabel(tx, cardId)}; you cannot remove ${-delta}.`);
      }
      if (delta >= 0 && existing.quantity > MAX_QUANTITY - delta) throw new CollectionError("collection/too-many", `At most ${MAX_QUANTITY} copies of one card.`);
      // The row was created by another transaction that committed after our
      // update looked (PostgreSQL, read committed): apply the change to it now.
      if (attempt < 3) return applyDelta(tx, userId, cardId, delta, attempt + 1);
      throw new CollectionError("collection/busy", "Your collection is being changed elsewhere; try again.");
    }
    if (delta < 0) throw new CollectionError("collection/below-zero", `You own no copies of ${await cardLabel(tx, cardId)}.`);
    // No row yet: make sure one exists, then apply the guarded increment to it.
    // ON CONFLICT DO NOTHING (same SQL on SQLite and PostgreSQL) cannot fail when
    // another request creates the row first; a failed create would, and on
    // PostgreSQL it would also abort the whole transaction.
    await tx.$executeRaw`INSERT INTO "CollectionEntry" ("userId", "cardId", "quantity", "updatedAt")
      VALUES (${userId}, ${cardId}, 0, ${new Date()}) ON CONFLICT ("userId", "cardId") DO NOTHING`;
    return applyDelta(tx, userId, cardId, delta, attempt + 1);
  }
  const row = await tx.collectionEntry.findUniqueOrThrow({ where: { userId_cardId: { userId, cardId } }, select: { quantity: true } });
  // fewer copies: the card's binder lots and deck reservations stay within its total
  if (delta < 0) await trimToTotals(tx, userId, [cardId]);
  return row.quantity;
}

export async function assertCardsExist(tx: Tx, cardIds: string[]): Promise<void> {
  const unique = [...new Set(cardIds)];
  const found = await tx.card.count({ where: { id: { in: unique } } });
  if (found !== unique.length) throw new CollectionError("collection/unknown-card", "That card is not in the catalog.");
}

/** + / −: changes the current user's copies of one card; returns the new quantity. */
export async function adjustOwned(actor: Actor, cardId: string, delta: number): Promise<number> {
  const user = requireActor(actor);
  const quantity = await db.$transaction(async (tx) => {
    await assertCardsExist(tx, [cardId]);
    return applyDelta(tx, user.id, cardId, delta);
  });
  await invalidate([userTag(user.id)]);
  return quantity;
}

/** A typed quantity: sets the current user's copies of one card (0 removes the entry). */
export async function setOwned(actor: Actor, cardId: string, quantity: number): Promise<number> {
  const user = requireActor(actor);
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_QUANTITY) {
    throw new CollectionError("collection/too-many", `Quantity must be a whole number from 0 to ${MAX_QUANTITY}.`);
  }
  const stored = await db.$transaction(async (tx) => {
    await assertCardsExist(tx, [cardId]);
    if (quantity === 0) {
      await tx.collectionEntry.deleteMany({ where: { userId: user.id, cardId } });
      return 0;
    }
    const row = await tx.collectionEntry.upsert({
      where: { userId_cardId: { userId: user.id, cardId } },
      create: { userId: user.id, cardId, quantity },
      update: { quantity },
      select: { quantity: true },
    });
    await trimToTotals(tx, user.id, [cardId]);
    return row.quantity;
  });
  await invalidate([userTag(user.id)]);
  return stored;
}

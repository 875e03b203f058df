import "server-only";
import { db } from "@/lib/server/db/db";
import { invalidate } from "@/lib/server/cache/invalidate";
import { userTag } from "@/lib/server/cache/tags";
import { requireActor, type Actor } from "@/lib/server/actor";
import { DomainError } from "@/lib/server/errors";
import type { DeckCopiesDTO } from "@/lib/collection/types";
import type { Tx } from "./errors";
import { plainQuery } from "@/lib/server/db/plain-sql";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * "This copy is in that deck": a deck reserves copies its owner owns, so the
 * editor can tell copies that are free from copies another deck holds. Over
 * all of a user's decks, reservations never exceed the copies owned
 * (lib/collection/data/lots.ts trims them when copies go).
 */

async function ownDeck(tx: Tx, userId: string, deckId: string): Promise<{ id: string; cards: { cardId: string; quantity: number }[] }> {
  const deck = await tx.deck.findFirst({ where: { id: deckId, ownerId: userId }, select: { id: true, cards: { select: { cardId: true, quantity: true } } } });
  if (!deck) throw new DomainError("deck/not-found", "That deck is not one of yours.");
  return deck;
}

/**
 * Reserves for one of the current user's decks the copies it needs that are
 * owned and not held by another deck (replacing what it held before). Returns
 * how many copies it holds and how many it still lacks.
 */
export async function reserveDeckCopies(actor: Actor, deckId: string): Promise<{ reserved: number; short: number }> {
  const user = requireActor(actor);
  const result = await db.$transaction(async (tx) => {
    const deck = await ownDeck(tx, user.id, deckId);
    const ids = deck.cards.map((c) => c.cardId);
    const [entries, others] = await Promise.all([
      tx.collectionEntry.findMany({ where: { userId: user.id, cardId: { in: ids } }, select: { cardId: true, quantity: true } }),
      tx.deckReservation.groupBy({ by: ["cardId"], where: { userId: user.id, cardId: { in: ids }, deckId: { not: deckId } }, _sum: { quantity: true } }),
    ]);
    const owned = new Map(entries.map((e) => [e.cardId, e.quantity]));
    const held = new Map(others.map((o) => [o.cardId, o._sum.quantity ?? 0]));
    await tx.deckReservation.deleteMany({ where: { deckId } });
    let reserved = 0;
    let short = 0;
    for (const c of deck.cards) {
      const n = Math.max(0, Math.min(c.quantity, (owned.get(c.cardId) ?? 0) - (held.get(c.cardId) ?? 0)));
      if (n > 0) await tx.deckReservation.create({ data: { deckId, userId: user.id, cardId: c.cardId, quantity: n } });
      reserved += n;
      short += c.quantity - n;
    }
    return { reserved, short };
  });
  await invalidate([userTag(user.id)]);
  return result;
}

/** Releases every copy one of the current user's decks holds. */
export async function releaseDeckCopies(actor: Actor, deckId: string): Promise<{ released: number }> {
  const user = requireActor(actor);
  const released = await db.$transaction(async (tx) => {
    await ownDeck(tx, user.id, deckId);
    const rows = await tx.deckReservation.findMany({ where: { deckId }, select: { quantity: true } });
    await tx.deckReservation.deleteMany({ where: { deckId } });
    return rows.reduce((n, r) => n + r.quantity, 0);
  });
  await invalidate([userTag(user.id)]);
  return { released };
}

/** For the editor of one of the current user's decks: the copies it holds, and the copies the user's other decks hold (by card). Null for a deck not theirs. */
export async function deckCopies(actor: Actor, deckId: string): Promise<DeckCopiesDTO | null> {
  const user = requireActor(actor);
  // plain SQL (lib/server/db/plain-sql.ts): the deck editor asks on every view
  const [deck] = await plainQuery(Prisma.sql`SELECT 1 AS "one" FROM "Deck" WHERE "id" = ${deckId} AND "ownerId" = ${user.id}`);
  if (!deck) return null;
  const rows = await plainQuery<{ deckId: string; cardId: string; quantity: unknown; name: string }>(Prisma.sql`
    SELECT r."deckId", r."cardId", r."quantity", d."name" FROM "DeckReservation" r JOIN "Deck" d ON d."id" = r."deckId" WHERE r."userId" = ${user.id} ORDER BY d."name" ASC`);
  const out: DeckCopiesDTO = { reserved: {}, elsewhere: {} };
  for (const r of rows) {
    const quantity = Number(r.quantity);
    if (r.deckId === deckId) out.reserved[r.cardId] = quantity;
    else {
      const e = (out.elsewhere[r.cardId] ??= { quantity: 0, decks: [] });
      e.quantity += quantity;
      e.decks.push(r.name);
    }
  }
  return out;
}

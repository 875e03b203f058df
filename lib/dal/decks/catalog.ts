import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { cardInclude, toCardDTO } from "@/lib/dal/cards";
import { cardOrderBy, cardWhereFromQuery } from "@/lib/dal/card-search";
import { requireUser } from "@/lib/dal/session";
import type { CardDTO } from "@/lib/cards/types";
import type { DeckCatalogCard } from "@/lib/deck/types";

/** The cards the deck editor and importers work from. */

/** The whole catalog in the shape the importers and code views need. */
export async function getDeckCatalog(): Promise<DeckCatalogCard[]> {
  const rows = await db.card.findMany({ include: cardInclude, orderBy: [{ set: { code: "asc" } }, { number: "asc" }] });
  return rows.map(toCardDTO).map((c) => ({ id: c.id, set: c.set, number: c.number, key: c.key, title: c.title, colors: c.colors, rings: c.rings, traits: c.traits }));
}

/** Cards by id as DTOs, in the given order (unknown ids are skipped). */
export async function getCardsByIds(ids: string[]): Promise<CardDTO[]> {
  const rows = await db.card.findMany({ where: { id: { in: ids.slice(0, 1000) } }, include: cardInclude });
  const byId = new Map(rows.map((r) => [r.id, toCardDTO(r)]));
  return ids.map((id) => byId.get(id)).filter((c): c is CardDTO => !!c);
}

/**
 * The deck editor's search panel: the catalog query language (lib/search via
 * cardWhereFromQuery), optionally only cards the signed-in user owns.
 */
export async function searchCardsForDeck(query: string, opts: { onlyOwned?: boolean; take?: number } = {}): Promise<{ cards: CardDTO[]; total: number; error?: string }> {
  const user = await requireUser();
  const built = cardWhereFromQuery(query);
  if (!built.ok) return { cards: [], total: 0, error: `${built.error.message} (at position ${built.error.position + 1}: expected ${built.error.expected})` };
  const filter: Prisma.CardWhereInput = opts.onlyOwned ? { AND: [built.where, { collection: { some: { userId: user.id, quantity: { gt: 0 } } } }] } : built.where;
  const [rows, total] = await Promise.all([
    db.card.findMany({ where: filter, include: cardInclude, orderBy: cardOrderBy("number", "asc"), take: Math.min(opts.take ?? 60, 200) }),
    db.card.count({ where: filter }),
  ]);
  return { cards: rows.map(toCardDTO), total };
}

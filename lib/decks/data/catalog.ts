import "server-only";
import type { Actor } from "@/lib/server/actor";
import { db } from "@/lib/server/db/db";
import { cardInclude, toCardDTO } from "@/lib/catalog/data";
import { searchOwnedCards } from "@/lib/catalog/data";
import type { CardDTO } from "@/lib/catalog/card-types";
import type { DeckCatalogCard } from "@/lib/decks/types";

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
 * The deck editor's search panel: the catalog query language through the one
 * card search path (lib/catalog/data/card-search), optionally only cards the signed-in
 * user owns. The user's copies travel with the results (only cards they own are
 * keyed), so the editor never needs the whole collection.
 */
export async function searchCardsForDeck(
  actor: Actor,
  query: string,
  opts: { onlyOwned?: boolean; take?: number } = {},
): Promise<{ cards: CardDTO[]; owned: Record<string, number>; total: number; error?: string }> {
  const r = await searchOwnedCards(actor, { q: query, pageSize: opts.take ?? 60, ownership: opts.onlyOwned ? "owned" : "all" });
  if (!r.ok) return { cards: [], owned: {}, total: 0, error: `${r.error.message} (at position ${r.error.position + 1}: expected ${r.error.expected})` };
  const owned = Object.fromEntries(r.cards.filter((c) => c.quantity > 0).map((c) => [c.id, c.quantity]));
  return { cards: r.cards.map(({ quantity: _owned, ...card }) => card), owned, total: r.total };
}

import "server-only";
import { db } from "@/lib/server/db/db";
import { titleKey } from "@/lib/catalog/keys";
import { invalidate } from "@/lib/server/cache/invalidate";
import { cardDecksTag, cardKeyTag, CARD_LISTS_TAG, CATALOG_TAG, deckTag, PUBLIC_DECKS_TAG, titleTag } from "@/lib/server/cache/tags";

/** Where a printing sits and what it is called: what its cached pages are tagged with. */
export type CardPlace = { set: string; number: number; title: string };

/** Selects a card's place for invalidation (before a write changes it). */
export const cardPlaceSelect = { number: true, title: true, set: { select: { code: true } } } as const;

/** A row selected with cardPlaceSelect, as a CardPlace. */
export function toCardPlace(row: { number: number; title: string; set: { code: string } } | null): CardPlace | null {
  return row ? { set: row.set.code, number: row.number, title: row.title } : null;
}

/**
 * After a card is created, edited or deleted: its page (under its old and new
 * set/number), the pages of its other printings (old and new title), the card
 * lists, and the shared decks that contain it.
 */
export async function invalidateCardChange(cardId: string | null, places: (CardPlace | null)[]): Promise<void> {
  const tags = [CARD_LISTS_TAG];
  for (const p of places) if (p) tags.push(cardKeyTag(p.set, p.number), titleTag(titleKey(p.title)));
  if (cardId) {
    const decks = await db.deck.findMany({ where: { visibility: { not: "private" }, cards: { some: { cardId } } }, select: { shareSlug: true }, take: 10_000 });
    for (const d of decks) tags.push(deckTag(d.shareSlug));
  }
  await invalidate(tags);
}

/** After a bulk change of the catalog (an import): every page that shows catalog data. */
export async function invalidateCatalog(): Promise<void> {
  await invalidate([CATALOG_TAG, CARD_LISTS_TAG]);
}

/**
 * After a deck is saved, deleted or changes visibility: its shared page and,
 * when it is or was public, the public deck list and the "public decks using
 * it" of every card it holds or held.
 */
export async function invalidateDeckChange(change: { slug: string; public: boolean; cardIds: string[] }): Promise<void> {
  const tags = [deckTag(change.slug)];
  if (change.public) tags.push(PUBLIC_DECKS_TAG, ...change.cardIds.map(cardDecksTag));
  await invalidate(tags);
}

import "server-only";
import { db } from "@/lib/db";
import { titleKey } from "@/lib/cards/keys";
import { invalidate } from "@/lib/cache/invalidate";
import { cardDecksTag, cardKeyTag, CARD_LISTS_TAG, CATALOG_TAG, deckTag, MODERATION_TAG, PUBLIC_DECKS_TAG, titleTag, userTag } from "@/lib/cache/tags";

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
 * After a deck is saved, deleted or changes visibility: its owner's pages, its
 * shared page and, when it is or was public, the public deck list and the
 * "public decks using it" of every card it holds or held.
 */
export async function invalidateDeckChange(change: { ownerId: string; slug: string; public: boolean; cardIds: string[] }): Promise<void> {
  const tags = [userTag(change.ownerId), deckTag(change.slug)];
  if (change.public) tags.push(PUBLIC_DECKS_TAG, ...change.cardIds.map(cardDecksTag));
  await invalidate(tags);
}

/** After a write to data only its owner sees (collection, a new deck, lab runs, suggestions, account). */
export async function invalidateUser(userId: string, also: { moderation?: boolean } = {}): Promise<void> {
  await invalidate(also.moderation ? [userTag(userId), MODERATION_TAG] : [userTag(userId)]);
}

/** After the admins' queues change (a comment reported or moderated). */
export async function invalidateModeration(): Promise<void> {
  await invalidate([MODERATION_TAG]);
}

/** What a user's shared decks put on public pages (read before a write that removes them). */
export type AuthorShares = { slugs: string[]; cardIds: string[] };

/** The slugs and cards of a user's public and unlisted decks. */
export async function authorShares(userId: string): Promise<AuthorShares> {
  const decks = await db.deck.findMany({ where: { ownerId: userId, visibility: { not: "private" } }, select: { shareSlug: true, visibility: true, cards: { select: { cardId: true } } }, take: 10_000 });
  return { slugs: decks.map((d) => d.shareSlug), cardIds: decks.filter((d) => d.visibility === "public").flatMap((d) => d.cards.map((c) => c.cardId)) };
}

/**
 * After a user's display name changes, or their account is deleted: their own
 * pages, the public deck list, the shared pages of their public and unlisted
 * decks and the "public decks using it" of those decks' cards (all show the
 * name), and the admins' queues (a deleted account's comments and reports go).
 */
export async function invalidateAuthor(userId: string, shares: AuthorShares): Promise<void> {
  await invalidate([userTag(userId), PUBLIC_DECKS_TAG, MODERATION_TAG, ...shares.slugs.map(deckTag), ...new Set(shares.cardIds.map(cardDecksTag))]);
}

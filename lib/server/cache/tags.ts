/**
 * The cache tags of the public pages. A page is tagged with what it shows; a
 * write invalidates the tags of what it changed (lib/server/cache/invalidate.ts).
 * Tags are at most 256 characters and a page carries at most 128 of them.
 */

/** Every page that shows catalog data (bulk imports and seeding invalidate it). */
export const CATALOG_TAG = "catalog";
/** Card lists and the search box's facets: any card created, changed or deleted. */
export const CARD_LISTS_TAG = "cards";
/** The list of public decks. */
export const PUBLIC_DECKS_TAG = "decks:public";

/** One printing by its set code and number (its page, and deck-code pages listing it), found or not. */
export function cardKeyTag(set: string, number: number): string {
  return `card:${set.toUpperCase()}-${number}`;
}
/** Every printing of a title (a card page lists the other printings). */
export function titleTag(titleKey: string): string {
  return `title:${titleKey}`.slice(0, 256);
}
/** The public decks using a card (shown on its page). */
export function cardDecksTag(cardId: string): string {
  return `card-decks:${cardId}`;
}
/** A shared deck's page by its slug. */
export function deckTag(slug: string): string {
  return `deck:${slug}`;
}

/** At most this many tags go on one cached entry; beyond it the entry falls back to CATALOG_TAG alone. */
export const MAX_TAGS = 100;

/** The tags for an entry: `specific` when they fit, else the whole catalog (always correct, less precise). */
export function boundedTags(specific: string[], always: string[] = []): string[] {
  const unique = [...new Set(specific)];
  return unique.length + always.length + 1 <= MAX_TAGS ? [...always, CATALOG_TAG, ...unique] : [...always, CATALOG_TAG];
}

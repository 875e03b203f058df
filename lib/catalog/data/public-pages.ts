import "server-only";
import { cache } from "react";
import { unstable_cache } from "next/cache";
import { catalogFacets } from "@/lib/catalog/data/card-search";
import { getCardBySetNumber, otherPrintings, publicCardUsage } from "@/lib/catalog/data/card-page";
import { getPublishedDeck, listPublicDecks, resolvePublicDeckList } from "@/lib/decks/data";
import { titleKey } from "@/lib/catalog/keys";
import { boundedTags, cardDecksTag, cardKeyTag, CARD_LISTS_TAG, CATALOG_TAG, deckTag, PUBLIC_DECKS_TAG, titleTag } from "@/lib/server/cache/tags";
import type { DeckListEntry } from "@/lib/decks/types";
import type { DeckSort } from "@/lib/community/types";

/**
 * The data of the cached public pages, each piece cached under the tags of
 * what it shows (lib/server/cache/tags.ts): a write invalidates exactly those tags
 * (lib/catalog/data/cache-invalidation.ts), and every page rendered from the piece.
 * Nothing here reads the session. The lifetime is a safety net only.
 */
export const PUBLIC_CACHE_SECONDS = 60;

/** The search box's trait and set lists (shared by every card list page). */
export const cachedCatalogFacets = unstable_cache(() => catalogFacets(), ["catalog-facets"], { tags: [CATALOG_TAG, CARD_LISTS_TAG], revalidate: PUBLIC_CACHE_SECONDS });

/** A card page: the card, its other printings and the public decks using it; null when there is no such card. */
export const cachedCardPage = cache(async (set: string, number: string) => {
  const n = Number(number);
  if (!/^\d{1,6}$/.test(number) || !/^[A-Za-z0-9-]{1,20}$/.test(set)) return null;
  const card = await unstable_cache(() => getCardBySetNumber(set, number), ["card", set.toUpperCase(), String(n)], { tags: [CATALOG_TAG, cardKeyTag(set, n)], revalidate: PUBLIC_CACHE_SECONDS })();
  if (!card) return null;
  const [printings, publicDecks] = await Promise.all([
    unstable_cache(() => otherPrintings(card), ["printings", card.id, titleKey(card.title)], { tags: [CATALOG_TAG, titleTag(titleKey(card.title))], revalidate: PUBLIC_CACHE_SECONDS })(),
    unstable_cache(() => publicCardUsage(card.id), ["card-decks", card.id], { tags: [cardDecksTag(card.id)], revalidate: PUBLIC_CACHE_SECONDS })(),
  ]);
  return { card, printings, publicDecks };
});

/** A public or unlisted deck by slug (null for private and unknown decks). */
export const cachedPublishedDeck = cache((slug: string) =>
  unstable_cache(() => getPublishedDeck(slug), ["published-deck", slug], { tags: [CATALOG_TAG, deckTag(slug)], revalidate: PUBLIC_CACHE_SECONDS })(),
);

/** A deck list (deck code, starter deck) resolved against the catalog; tagged with each printing it names. */
export const cachedDeckList = cache((cacheKey: string, list: DeckListEntry[]) =>
  unstable_cache(() => resolvePublicDeckList(list), ["deck-list", cacheKey], { tags: boundedTags(list.map((e) => cardKeyTag(e.set, e.number))), revalidate: PUBLIC_CACHE_SECONDS })(),
);

/** The public deck list for a name / card filter, in one of the sort orders. */
export const cachedPublicDecks = cache((name: string, card: string, sort: DeckSort) =>
  unstable_cache(() => listPublicDecks({ name, card, sort }), ["public-decks", name, card, sort], { tags: [CATALOG_TAG, CARD_LISTS_TAG, PUBLIC_DECKS_TAG], revalidate: PUBLIC_CACHE_SECONDS })(),
);

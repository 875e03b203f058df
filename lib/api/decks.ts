import "server-only";
// eslint-disable-next-line import/no-restricted-paths -- the cached reads of the public deck pages (see lib/api/cards.ts)
import { cachedDeckList, cachedPublicDecks, cachedPublishedDeck } from "@/lib/catalog/data/public-pages";
import { tryDecodeDeckCode } from "@/lib/decks";
import { failure } from "@/lib/server/errors";
import { toApiDeck, toApiDeckCode, toApiDeckSummary } from "@/lib/api/present";
import type { DeckSort } from "@/lib/community/types";

/** GET /api/v1/decks: public decks (never unlisted or private), by name or card, as the public deck list sorts them (60 at most). */
export async function apiPublicDecks(origin: string, input: { name: string; card: string; sort: DeckSort }) {
  const decks = await cachedPublicDecks(input.name, input.card, input.sort);
  return { object: "list" as const, total: decks.length, data: decks.map((d) => toApiDeckSummary(origin, d)) };
}

/** GET /api/v1/decks/<slug>: a public or unlisted deck (its link is its permission); private decks are not found. */
export async function apiDeck(origin: string, slug: string) {
  const deck = await cachedPublishedDeck(slug);
  if (!deck || deck.visibility === "private") return failure("deck/not-found", "No shared deck has this link.");
  return toApiDeck(origin, deck);
}

/** GET /api/v1/decks/code/<code>: the list a deck code holds, resolved against the catalog. */
export async function apiDeckCode(origin: string, code: string) {
  const decoded = tryDecodeDeckCode(code);
  if (!decoded.ok) return failure("input/invalid", decoded.message);
  return toApiDeckCode(origin, code, await cachedDeckList(`code:${code}`, decoded.entries));
}

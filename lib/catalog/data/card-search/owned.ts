import "server-only";
import { requireActor, type Actor } from "@/lib/server/actor";
import { parseQuery } from "@/lib/catalog/search";
import type { OwnershipFilter } from "@/lib/collection/schemas";
import { normalizeSearchParams, runSearch, type SearchCardsInput, type SearchOwnedCardsResult } from "./run";

/**
 * Signed-in: the catalog searched as the current user's collection — every
 * card carries the user's quantity, and `ownership` keeps only cards owned,
 * missing, or owned beyond a playset ("all" keeps every card). The owner is
 * read from the session, never from the caller. Used by the collection page
 * and the deck editor.
 */
export async function searchOwnedCards(actor: Actor, input: SearchCardsInput & { ownership?: OwnershipFilter }): Promise<SearchOwnedCardsResult> {
  requireActor(actor);
  const { q, sort, dir, page, pageSize } = normalizeSearchParams(input);
  const parsed = parseQuery(q);
  if (!parsed.ok) return parsed;
  const { cards, quantities, total } = await runSearch(actor, { ast: parsed.ast, sort, dir, page, pageSize, owner: { ownership: input.ownership ?? "all" } });
  return { ok: true, cards: cards.map((card, i) => ({ ...card, quantity: quantities[i] })), total, page, pageSize, sort, dir };
}

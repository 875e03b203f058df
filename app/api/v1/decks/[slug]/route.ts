import { apiGet, apiPreflight } from "@/lib/api/route";
import { deckSlugInput } from "@/lib/api/schemas";
import { apiDeck } from "@/lib/api/decks";
import { DomainError } from "@/lib/server/errors";

/** GET /api/v1/decks/<slug>: a shared deck. */
export const GET = apiGet({
  input: deckSlugInput,
  invalid: () => new DomainError("deck/not-found", "No shared deck has this link."),
  run: async ({ slug }, request) => {
    const r = await apiDeck(new URL(request.url).origin, slug);
    return "object" in r ? { json: r } : r;
  },
});
export const OPTIONS = apiPreflight();

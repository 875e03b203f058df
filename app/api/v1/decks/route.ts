import { apiGet, apiPreflight } from "@/lib/api/route";
import { deckSearchInput } from "@/lib/api/schemas";
import { apiPublicDecks } from "@/lib/api/decks";

/** GET /api/v1/decks: public decks. */
export const GET = apiGet({ input: deckSearchInput, run: async (input, request) => ({ json: await apiPublicDecks(new URL(request.url).origin, input) }) });
export const OPTIONS = apiPreflight();

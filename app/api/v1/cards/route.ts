import { apiGet, apiPreflight } from "@/lib/api/route";
import { cardSearchInput } from "@/lib/api/schemas";
import { searchApiCards } from "@/lib/api/cards";

/** GET /api/v1/cards?q=…: card search in the /cards query language (docs/api.md). */
export const GET = apiGet({ input: cardSearchInput, run: async (input, request) => {
  const r = await searchApiCards(new URL(request.url).origin, input);
  return "object" in r ? { json: r } : r;
} });
export const OPTIONS = apiPreflight();

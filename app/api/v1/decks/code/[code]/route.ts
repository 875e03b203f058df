import { apiGet, apiPreflight } from "@/lib/api/route";
import { deckCodeInput } from "@/lib/api/schemas";
import { apiDeckCode } from "@/lib/api/decks";

/** GET /api/v1/decks/code/<code>: the list a deck code holds. */
export const GET = apiGet({
  input: deckCodeInput,
  run: async ({ code }, request) => {
    const r = await apiDeckCode(new URL(request.url).origin, code);
    return "object" in r ? { json: r } : r;
  },
});
export const OPTIONS = apiPreflight();

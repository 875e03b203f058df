import { apiGet, apiPreflight } from "@/lib/api/route";
import { cardInput } from "@/lib/api/schemas";
import { apiCard } from "@/lib/api/cards";
import { DomainError } from "@/lib/server/errors";

/** GET /api/v1/cards/<set>/<number>: one card. */
export const GET = apiGet({
  input: cardInput,
  invalid: () => new DomainError("card/not-found", "No such card."),
  run: async ({ set, number }, request) => {
    const r = await apiCard(new URL(request.url).origin, set, number);
    return "object" in r ? { json: r } : r;
  },
});
export const OPTIONS = apiPreflight();

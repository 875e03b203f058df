import { apiGet, apiPreflight } from "@/lib/api/route";
import { noInput } from "@/lib/server/route";
import { apiSets } from "@/lib/api/cards";

/** GET /api/v1/sets: every set. */
export const GET = apiGet({ input: noInput, run: async (_input, request) => ({ json: await apiSets(new URL(request.url).origin) }) });
export const OPTIONS = apiPreflight();

import { apiGet, apiPreflight } from "@/lib/api/route";
import { noInput } from "@/lib/server/route";
import { bulkFileResponse, currentBulk } from "@/lib/api/bulk";

/** GET /api/v1/bulk/cards.json.gz: every card of the catalog, gzip-compressed JSON; the ETag is its SHA-256. */
export const GET = apiGet({
  input: noInput,
  run: async (_input, request) => bulkFileResponse(request, await currentBulk(new URL(request.url).origin), "application/gzip", "ringbinder-cards.json.gz"),
});
export const OPTIONS = apiPreflight();

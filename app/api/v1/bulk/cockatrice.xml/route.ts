import { apiGet, apiPreflight } from "@/lib/api/route";
import { noInput } from "@/lib/server/route";
import { bulkFileResponse, currentBulk } from "@/lib/api/bulk";

/** GET /api/v1/bulk/cockatrice.xml: the catalog as a Cockatrice card database (version 4); the ETag is its SHA-256. */
export const GET = apiGet({
  input: noInput,
  run: async (_input, request) => bulkFileResponse(request, await currentBulk(new URL(request.url).origin, "cockatrice"), "application/xml; charset=utf-8", "ringbinder-cockatrice.xml"),
});
export const OPTIONS = apiPreflight();

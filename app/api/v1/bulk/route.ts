import { apiGet, apiPreflight } from "@/lib/api/route";
import { noInput } from "@/lib/server/route";
import { bulkDescription } from "@/lib/api/bulk";

/** GET /api/v1/bulk: the bulk download of the catalog, described (updated, size, SHA-256, link). */
export const GET = apiGet({ input: noInput, run: async (_input, request) => ({ json: await bulkDescription(new URL(request.url).origin) }) });
export const OPTIONS = apiPreflight();

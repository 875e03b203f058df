import { apiGet, apiPreflight } from "@/lib/api/route";
import { noInput } from "@/lib/server/route";
import { openApiDocument } from "@/lib/api/openapi";

/** GET /api/v1/openapi.json: the OpenAPI 3.1 document of the public API. */
export const GET = apiGet({ input: noInput, run: async (_input, request) => ({ json: openApiDocument(new URL(request.url).origin) }) });
export const OPTIONS = apiPreflight();

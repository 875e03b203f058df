import { apiGet, apiPreflight, matchesEtag } from "@/lib/api/route";
import { noInput } from "@/lib/server/route";
import { currentBulk } from "@/lib/api/bulk";

/** GET /api/v1/bulk/cards.json.gz: every card of the catalog, gzip-compressed JSON; the ETag is its SHA-256. */
export const GET = apiGet({
  input: noInput,
  run: async (_input, request) => {
    const bulk = await currentBulk(new URL(request.url).origin);
    const etag = `"${bulk.sha256}"`;
    const headers: Record<string, string> = {
      ETag: etag,
      "Cache-Control": "no-cache",
      "Last-Modified": bulk.updatedAt.toUTCString(),
      "Repr-Digest": `sha-256=:${Buffer.from(bulk.sha256, "hex").toString("base64")}:`,
    };
    if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
    return new Response(new Uint8Array(bulk.bytes), {
      status: 200,
      headers: { ...headers, "Content-Type": "application/gzip", "Content-Length": String(bulk.bytes.length), "Content-Disposition": 'attachment; filename="ringbinder-cards.json.gz"' },
    });
  },
});
export const OPTIONS = apiPreflight();

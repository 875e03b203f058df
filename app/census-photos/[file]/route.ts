import { parseCensusPhotoName } from "@/lib/census/photo-limits";
import { getCensusPhoto } from "@/lib/census/data/photos";
import { jsonErrorBody } from "@/lib/server/http-error";

/**
 * GET /census-photos/<sha256>.<png|jpg|webp> — a census photo (re-encoded, no
 * metadata), served like card images: named by its content's hash, so cached
 * as immutable, with its checked type, nosniff and a CSP that lets nothing
 * run. A removed photo answers 404 (and its bytes are gone).
 */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const name = parseCensusPhotoName((await params).file);
  const image = name ? await getCensusPhoto(name.sha256, name.type) : null;
  if (!name || !image) return Response.json(jsonErrorBody("not-found/image", "There is no such photo."), { status: 404, headers: { "Cache-Control": "no-store" } });
  const etag = `"${name.sha256}"`;
  const headers = {
    "Content-Type": image.contentType,
    "X-Content-Type-Options": "nosniff",
    // a removed photo must stop being served: cached for a day, not forever
    "Cache-Control": "public, max-age=86400",
    ETag: etag,
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Content-Disposition": "inline",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(Buffer.from(image.data), { headers: { ...headers, "Content-Length": String(image.byteSize) } });
}

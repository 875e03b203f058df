import { parseCardImageName } from "@/lib/catalog/card-image";
import { getCardImage } from "@/lib/catalog/data/card-images";
import { jsonErrorBody } from "@/lib/server/http-error";

/**
 * GET /card-images/<sha256>.<png|jpg|webp> — an image an admin uploaded for a
 * card, from the database. Its name is its content's hash, so it never changes:
 * cached for a year as immutable. Served with its checked type, nosniff, and a
 * CSP that lets nothing run should the file be opened on its own.
 */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const name = parseCardImageName((await params).file);
  const image = name ? await getCardImage(name.sha256, name.type) : null;
  if (!name || !image) return Response.json(jsonErrorBody("not-found/image", "There is no such card image."), { status: 404, headers: { "Cache-Control": "no-store" } });
  const etag = `"${name.sha256}"`;
  const headers = {
    "Content-Type": image.contentType,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Content-Disposition": "inline",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(Buffer.from(image.data), { headers: { ...headers, "Content-Length": String(image.byteSize) } });
}

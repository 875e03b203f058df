import { parseCardImageName } from "@/lib/catalog/card-image";
import { getCardImage } from "@/lib/catalog/data/card-images";
import { jsonErrorBody } from "@/lib/server/http-error";
import { hashedImageResponse } from "@/lib/server/image-response";

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
  return hashedImageResponse(request, name.sha256, image, "public, max-age=31536000, immutable");
}

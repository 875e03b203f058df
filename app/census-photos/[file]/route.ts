import { parseCensusPhotoName } from "@/lib/census/photo-limits";
import { getCensusPhoto } from "@/lib/census/data/photos";
import { jsonErrorBody } from "@/lib/server/http-error";
import { hashedImageResponse } from "@/lib/server/image-response";

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
  // a removed photo must stop being served: cached for a day, not forever
  return hashedImageResponse(request, name.sha256, image, "public, max-age=86400");
}

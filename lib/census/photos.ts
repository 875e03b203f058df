import "server-only";
import { reencodeCardImage } from "@/lib/catalog/reencode-image";
import type { CardImageType } from "@/lib/catalog/card-image";
import { MAX_CENSUS_PHOTO_BYTES } from "@/lib/census/photo-limits";

export type CensusPhotoUpload = { sha256: string; type: CardImageType; bytes: Uint8Array };

/**
 * A census photo as stored: decoded in full and re-encoded by sharp (which
 * refuses bytes that only start like an image, e.g. a PNG signature followed
 * by HTML), with no EXIF, GPS or other metadata, at most 1200×1680 pixels,
 * and the upload at most MAX_CENSUS_PHOTO_BYTES.
 */
export async function prepareCensusPhoto(upload: Uint8Array): Promise<{ ok: true; photo: CensusPhotoUpload } | { ok: false; message: string }> {
  const r = await reencodeCardImage(upload, MAX_CENSUS_PHOTO_BYTES);
  if (!r.ok) return r;
  return { ok: true, photo: { sha256: r.sha256, type: r.type, bytes: r.bytes } };
}

import "server-only";
import { createHash } from "node:crypto";
import sharp from "sharp";
import { cardImagePath, type CardImageType } from "@/lib/catalog/card-image";
import { checkCardImage } from "@/lib/catalog/card-image-check";

/** The largest image kept, in pixels per side (a card is drawn far smaller); larger ones are scaled down. */
const MAX_SIDE = { width: 1200, height: 1680 };
/** A decoded image may have at most this many pixels (a small file can decode to gigabytes: a "decompression bomb"). */
const MAX_INPUT_PIXELS = 40_000_000;

type ReencodedCardImage = { ok: true; type: CardImageType; sha256: string; path: string; bytes: Uint8Array } | { ok: false; message: string };

const NOT_AN_IMAGE = "That file could not be read as a PNG, JPEG or WebP image (it may be damaged, or another kind of file).";

/**
 * An uploaded card image decoded in full and encoded again by sharp (libvips),
 * never stored as uploaded: bytes that only start like an image (a PNG
 * signature followed by HTML) do not decode and are refused, and the stored
 * image carries none of the upload's metadata (EXIF, GPS, ICC comments, text
 * chunks), only its pixels, turned upright first. The format stays the
 * upload's (PNG, JPEG or WebP); the content address is the new bytes' sha256.
 * `maxBytes` bounds the upload (card images by default; census photos allow more).
 */
export async function reencodeCardImage(upload: Uint8Array, maxBytes?: number): Promise<ReencodedCardImage> {
  const check = checkCardImage(upload, maxBytes);
  if (!check.ok) return check;
  let out: Buffer;
  try {
    const image = sharp(upload, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const meta = await image.metadata();
    const decoded = meta.format === "jpeg" ? "image/jpeg" : meta.format === "png" ? "image/png" : meta.format === "webp" ? "image/webp" : null;
    if (decoded !== check.type) return { ok: false, message: NOT_AN_IMAGE };
    const pipeline = image.rotate().resize({ ...MAX_SIDE, fit: "inside", withoutEnlargement: true });
    out =
      check.type === "image/png"
        ? await pipeline.png({ compressionLevel: 9 }).toBuffer()
        : check.type === "image/jpeg"
          ? await pipeline.jpeg({ quality: 88, mozjpeg: true }).toBuffer()
          : await pipeline.webp({ quality: 88 }).toBuffer();
  } catch {
    return { ok: false, message: NOT_AN_IMAGE };
  }
  const sha256 = createHash("sha256").update(out).digest("hex");
  return { ok: true, type: check.type, sha256, path: cardImagePath(sha256, check.type), bytes: new Uint8Array(out) };
}

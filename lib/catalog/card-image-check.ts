import "server-only";
import { createHash } from "node:crypto";
import { cardImagePath, MAX_CARD_IMAGE_BYTES, MAX_CARD_IMAGE_LABEL, sniffImageType, type CardImageType } from "@/lib/catalog/card-image";

type CardImageCheck = { ok: true; type: CardImageType; sha256: string; path: string } | { ok: false; message: string };

/**
 * Checks an uploaded card image: not empty, at most `maxBytes` (MAX_CARD_IMAGE_BYTES by default), and
 * a PNG, JPEG or WebP by its content. On success gives its content address
 * (sha256) and the path the app serves it from: the name is never the
 * uploader's.
 */
export function checkCardImage(bytes: Uint8Array, maxBytes = MAX_CARD_IMAGE_BYTES): CardImageCheck {
  if (bytes.length === 0) return { ok: false, message: "The image file is empty." };
  if (bytes.length > maxBytes) {
    const label = maxBytes === MAX_CARD_IMAGE_BYTES ? MAX_CARD_IMAGE_LABEL : `${maxBytes / (1024 * 1024)} MB`;
    return { ok: false, message: `The image is ${(bytes.length / (1024 * 1024)).toFixed(1)} MB: images may be at most ${label}.` };
  }
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, message: "That file is not a PNG, JPEG or WebP image (SVG and other formats are not accepted)." };
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return { ok: true, type, sha256, path: cardImagePath(sha256, type) };
}


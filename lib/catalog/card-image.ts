import { createHash } from "node:crypto";

/** The largest card image an admin may upload, in bytes (2 MiB). */
export const MAX_CARD_IMAGE_BYTES = 2 * 1024 * 1024;

/** The image types a card image may have; SVG (which can carry script) and everything else are refused. */
export const CARD_IMAGE_TYPES = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" } as const;
export type CardImageType = keyof typeof CARD_IMAGE_TYPES;

/** "2 MB" for the form and the error messages. */
export const MAX_CARD_IMAGE_LABEL = `${MAX_CARD_IMAGE_BYTES / (1024 * 1024)} MB`;

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);

/**
 * The type of an image from its first bytes (its magic number), whatever its
 * name or declared type says: PNG, JPEG or WebP, else null.
 */
export function sniffImageType(bytes: Uint8Array): CardImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  // "RIFF" <size> "WEBP"
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

export type CardImageCheck = { ok: true; type: CardImageType; sha256: string; path: string } | { ok: false; message: string };

/**
 * Checks an uploaded card image: not empty, at most MAX_CARD_IMAGE_BYTES, and
 * a PNG, JPEG or WebP by its content. On success gives its content address
 * (sha256) and the path the app serves it from: the name is never the
 * uploader's.
 */
export function checkCardImage(bytes: Uint8Array): CardImageCheck {
  if (bytes.length === 0) return { ok: false, message: "The image file is empty." };
  if (bytes.length > MAX_CARD_IMAGE_BYTES)
    return { ok: false, message: `The image is ${(bytes.length / (1024 * 1024)).toFixed(1)} MB: images may be at most ${MAX_CARD_IMAGE_LABEL}.` };
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, message: "That file is not a PNG, JPEG or WebP image (SVG and other formats are not accepted)." };
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return { ok: true, type, sha256, path: cardImagePath(sha256, type) };
}

/** Where the app serves an uploaded image: /card-images/<sha256>.<png|jpg|webp>. */
export function cardImagePath(sha256: string, type: CardImageType): string {
  return `/card-images/${sha256}.${CARD_IMAGE_TYPES[type]}`;
}

/** The content address and type named by a /card-images file name, or null for any other name. */
export function parseCardImageName(name: string): { sha256: string; type: CardImageType } | null {
  const m = /^([0-9a-f]{64})\.(png|jpg|webp)$/.exec(name);
  if (!m) return null;
  const type = (Object.keys(CARD_IMAGE_TYPES) as CardImageType[]).find((t) => CARD_IMAGE_TYPES[t] === m[2]);
  return type ? { sha256: m[1], type } : null;
}

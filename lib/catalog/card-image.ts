/*
 * Card image rules both sides share: the upload form (a client component)
 * imports this file, so it imports no Node module (a node:crypto here put
 * Node's crypto polyfill, and the eval probe of its vm polyfill, in the form's
 * bundle). The server's check, with its sha256, is card-image-check.ts.
 */

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

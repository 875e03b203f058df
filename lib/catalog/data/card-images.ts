import "server-only";
import { db } from "@/lib/server/db/db";
import type { CardImageType } from "@/lib/catalog/card-image";

/**
 * An uploaded card image by its content address, for the /card-images route
 * (public: card images are part of the public catalog). Null when there is none
 * or when the type asked for is not the stored one.
 */
export async function getCardImage(sha256: string, type: CardImageType): Promise<{ data: Uint8Array; contentType: CardImageType; byteSize: number } | null> {
  const row = await db.cardImage.findUnique({ where: { id: sha256 }, select: { data: true, contentType: true, byteSize: true } });
  if (!row || row.contentType !== type) return null;
  return { data: row.data, contentType: row.contentType as CardImageType, byteSize: row.byteSize };
}

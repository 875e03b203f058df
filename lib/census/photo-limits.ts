import { CARD_IMAGE_TYPES, cardImagePath, parseCardImageName, type CardImageType } from "@/lib/catalog/card-image";

/**
 * Census photo limits and names, shared by the upload form and the server.
 * A phone photo of a card is a few MB; the stored copy is re-encoded and
 * scaled down (lib/catalog/reencode-image), so it is far smaller.
 */
export const MAX_CENSUS_PHOTO_BYTES = 4 * 1024 * 1024;
export const MAX_CENSUS_PHOTO_LABEL = `${MAX_CENSUS_PHOTO_BYTES / (1024 * 1024)} MB`;
export const CENSUS_PHOTO_ACCEPT = Object.keys(CARD_IMAGE_TYPES).join(",");

/** Where a census photo is served: /census-photos/<sha256>.<png|jpg|webp>. */
export function censusPhotoPath(sha256: string, type: CardImageType): string {
  return cardImagePath(sha256, type).replace("/card-images/", "/census-photos/");
}

/** The content address and type named by a /census-photos file name, or null. */
export const parseCensusPhotoName = parseCardImageName;

import type { Color } from "@/lib/catalog/colors";

/** A catalog card as pages and client components see it (a plain DTO, no Prisma types). */
export type CardDTO = {
  id: string;
  set: string;
  setName: string;
  unofficial: boolean;
  number: number;
  /** "DEMO-007" */
  key: string;
  title: string;
  traits: string[];
  colors: Color[];
  rings: number;
  rarity: string;
  text: string;
  /** the structured effect, or null when the card's text is not automated */
  effect: unknown;
  imageUrl: string | null;
};

/** What the card zoom shows (GET /api/cards/<key>): one public card with its effect in words. */
export type CardZoomDTO = {
  key: string;
  href: string;
  title: string;
  traits: string[];
  colors: Color[];
  rings: number;
  rarity: string;
  text: string;
  effect: { automated: boolean; text: string };
  /** the admin's image, else the generated art */
  image: string;
  setName: string;
};

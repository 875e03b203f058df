import type { Color } from "@/lib/cards/colors";

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

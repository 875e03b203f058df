import type { Color } from "@/lib/cards/colors";

/** Plain data the collection's data access returns to pages, actions and components (no database types). */

/** A card offered by the booster-entry combobox. */
export type LookupCardDTO = {
  id: string;
  key: string;
  set: string;
  number: number;
  title: string;
  colors: Color[];
  rarity: string;
  owned: number;
};

/** One card of a pack opening and how many copies the pack held. */
export type PackCardDTO = { cardId: string; key: string; title: string; quantity: number };
/** A recorded pack opening; only the newest one not undone can be undone. */
export type PackOpeningDTO = { id: string; createdAt: string; undoneAt: string | null; cardCount: number; cards: PackCardDTO[]; canUndo: boolean };

import type { Color } from "@/lib/cards/colors";

/** One line of a deck list as the rules see it: a printing and how many copies. */
export type DeckRuleCard = {
  cardId: string;
  /** "DEMO-001" */
  key: string;
  title: string;
  quantity: number;
};

/** A deck line with the card facts the stats need. */
export type DeckStatsCard = DeckRuleCard & {
  colors: readonly Color[];
  rings: number;
  traits: readonly string[];
};

/** A catalog card as the deck importers, codes and views need it (no database types). */
export type DeckCatalogCard = {
  id: string;
  set: string;
  number: number;
  key: string;
  title: string;
  colors: readonly Color[];
  rings: number;
  traits: readonly string[];
};

/** A deck entry addressed by its printing (set code + number), as in files and deck codes. */
export type DeckListEntry = { set: string; number: number; quantity: number };

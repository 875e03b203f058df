import type { Color } from "@/lib/catalog/colors";
import type { CardDTO } from "@/lib/catalog/card-types";
import type { DeckVisibility } from "@/lib/decks/schemas";
import type { DeckDiffLine } from "./diff";
import type { DeckCheck } from "./rules";
import type { StarterDeck } from "./data/starter-decks";

/** A deck line with the card facts the stats need. */
export type DeckStatsCard = {
  cardId: string;
  /** the card key, "DEMO-001" */
  key: string;
  title: string;
  quantity: number;
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

/** A card in a deck, with how many copies the viewer owns (null for guests and other people's decks). */
export type DeckEntryDTO = { card: CardDTO; quantity: number; owned: number | null };

/** A deck as its pages and the editor show it, checked against the deck rules. */
export type DeckDTO = {
  id: string;
  name: string;
  description: string;
  visibility: DeckVisibility;
  shareSlug: string;
  version: number;
  ownerName: string;
  /** the owner's public author page is /authors/<ownerId> */
  ownerId: string;
  isOwner: boolean;
  updatedAt: string;
  entries: DeckEntryDTO[];
  check: DeckCheck;
};

/** One deck in a list of decks. */
export type DeckSummaryDTO = {
  id: string;
  name: string;
  visibility: DeckVisibility;
  shareSlug: string;
  total: number;
  legal: boolean;
  /** why the deck is not legal ("12 cards: at least 30 needed."), or its OK summary */
  legalSummary: string;
  colors: Color[];
  updatedAt: string;
  /** the owner's public author page is /authors/<ownerId> */
  ownerId: string;
  ownerName: string;
  /** likes, views, copies and visible comments (lib/community) */
  counts: { likes: number; views: number; copies: number; comments: number };
};

/** One saved version of a deck. */
export type DeckVersionDTO = {
  version: number;
  name: string;
  authorName: string;
  createdAt: string;
  total: number;
  /** changes from the previous version ("+2 Sonic the Hedgehog, −1 Egg Pawn") */
  diff: DeckDiffLine[];
  /** the card changes only ("+2 Sonic the Hedgehog, −1 Egg Pawn" or "no card changes") */
  diffText: string;
  /** everything this version changed: cards, name and description ("+1 Egg Pawn; description edited") */
  changesText: string;
  /** whether this version's list is legal, and why not */
  legal: boolean;
  legalSummary: string;
  /** what restoring this version would change in the current deck (cards, name, description) */
  restoreText: string;
};

/** What the deck list shows (components/decks/decks-view.tsx): the signed-in user's decks and the starter decks. */
export type DeckListView = { decks: DeckSummaryDTO[]; starters: StarterDeck[] };

import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { CardDTO } from "@/lib/cards/types";
import type { Color } from "@/lib/cards/colors";
import type { DeckCheck } from "@/lib/deck/rules";
import type { DeckDiffLine } from "@/lib/deck/diff";
import type { DeckVisibility } from "@/lib/validation/deck";

/** A card in a deck, with how many copies the viewer owns (null for guests and other people's decks). */
export type DeckEntryDTO = { card: CardDTO; quantity: number; owned: number | null };

export type DeckDTO = {
  id: string;
  name: string;
  description: string;
  visibility: DeckVisibility;
  shareSlug: string;
  version: number;
  ownerName: string;
  isOwner: boolean;
  updatedAt: string;
  entries: DeckEntryDTO[];
  check: DeckCheck;
};

export type DeckSummaryDTO = {
  id: string;
  name: string;
  visibility: DeckVisibility;
  shareSlug: string;
  total: number;
  legal: boolean;
  colors: Color[];
  updatedAt: string;
  ownerName: string;
};

export type DeckVersionDTO = {
  version: number;
  name: string;
  authorName: string;
  createdAt: string;
  total: number;
  /** changes from the previous version ("+2 Sonic the Hedgehog, −1 Egg Pawn") */
  diff: DeckDiffLine[];
  diffText: string;
};

export type DeckLine = { cardId: string; quantity: number };

export type DeckWriteError =
  | { ok: false; code: "deck/not-found" | "deck/unknown-card" | "deck/title-limit" | "deck/not-legal"; message: string }
  | {
      ok: false;
      code: "deck/conflict";
      message: string;
      /** the deck as the server holds it, so the editor can show the difference */
      current: { version: number; name: string; description: string; cards: DeckLine[]; diff: DeckDiffLine[] };
    };
export type DeckWriteResult = { ok: true; id: string; version: number; check: DeckCheck } | DeckWriteError;

/** The transaction client the deck helpers run inside. */
export type Tx = Prisma.TransactionClient;

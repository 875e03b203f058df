import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { DeckCheck, DeckLine } from "@/lib/decks/rules";
import type { DeckDiffLine } from "@/lib/decks/diff";

export type { DeckLine };

export type DeckWriteError =
  | { ok: false; code: "deck/not-found" | "deck/unknown-card" | "deck/title-limit" | "deck/not-legal"; message: string }
  | {
      ok: false;
      code: "deck/conflict";
      message: string;
      /** the deck as the server holds it, so the editor can show the difference */
      current: { version: number; name: string; description: string; cards: DeckLine[]; diff: DeckDiffLine[] };
    };
/** A successful write; `unpublished` is the visibility a shared deck lost because the saved list is not legal. */
export type DeckWriteResult = { ok: true; id: string; version: number; check: DeckCheck; unpublished?: "public" | "unlisted" } | DeckWriteError;

/** The transaction client the deck helpers run inside. */
export type Tx = Prisma.TransactionClient;

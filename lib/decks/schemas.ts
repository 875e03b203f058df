import { z } from "zod";
import { MAX_QUANTITY_PER_LINE } from "@/lib/decks/rules";

export const DECK_VISIBILITIES = ["private", "unlisted", "public"] as const;
export type DeckVisibility = (typeof DECK_VISIBILITIES)[number];

/** Most distinct printings one deck may list (a guard against forged payloads). */
export const MAX_DECK_LINES = 500;

export const deckIdSchema = z.string().trim().min(1).max(64);

export const deckNameSchema = z.string().trim().min(1, "Name the deck").max(100, "A deck name is at most 100 characters");
export const deckDescriptionSchema = z.string().max(5000, "A description is at most 5,000 characters").default("");

export const deckCardsSchema = z
  .array(
    z.object({
      cardId: z.string().min(1).max(64),
      quantity: z.number().int("Quantities are whole numbers").min(1, "Quantities start at 1").max(MAX_QUANTITY_PER_LINE),
    }),
  )
  .max(MAX_DECK_LINES, `A deck lists at most ${MAX_DECK_LINES} different printings`)
  .refine((cards) => new Set(cards.map((c) => c.cardId)).size === cards.length, "Each card appears once in the list");

/** A save from the editor: the whole list, against the version the editor loaded. */
export const saveDeckSchema = z.object({
  deckId: deckIdSchema,
  expectedVersion: z.number().int().min(1),
  name: deckNameSchema,
  description: deckDescriptionSchema,
  cards: deckCardsSchema,
});
export type SaveDeckInput = z.infer<typeof saveDeckSchema>;

export const createDeckSchema = z.object({
  name: deckNameSchema,
  description: deckDescriptionSchema,
  cards: deckCardsSchema.default([]),
});
export type CreateDeckInput = z.infer<typeof createDeckSchema>;

export const visibilitySchema = z.object({ deckId: deckIdSchema, visibility: z.enum(DECK_VISIBILITIES) });

export const restoreVersionSchema = z.object({ deckId: deckIdSchema, version: z.number().int().min(1), expectedVersion: z.number().int().min(1) });

export const importTextSchema = z.object({
  format: z.enum(["auto", "text", "json"]).default("auto"),
  text: z.string().max(200_000, "The import is larger than 200,000 characters"),
});

export function isVisibility(v: string): v is DeckVisibility {
  return (DECK_VISIBILITIES as readonly string[]).includes(v);
}

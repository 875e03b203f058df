import { z } from "zod";
import { MAX_COPIES_PER_TITLE } from "@/lib/decks/rules";

/** Most copies of one card a collection entry may hold (guards typos like 1000000). */
export const MAX_QUANTITY = 9_999;
/** A playset: the copies of one title a deck may hold (the deck rules' limit); owning more makes the extra copies tradeable. */
export const PLAYSET = MAX_COPIES_PER_TITLE;
/** Cards in a booster pack of the Sonic X TCG. */
export const PACK_SIZE = 10;
/** Most cards one pack entry may record (a warning, not a refusal, starts above PACK_SIZE). */
export const MAX_PACK_CARDS = 30;

export const cardIdSchema = z.string().trim().min(1, "Card id is required").max(64, "Card id is too long");

export const quantitySchema = z.coerce
  .number({ error: "Quantity must be a whole number" })
  .int("Quantity must be a whole number")
  .min(0, "Quantity cannot be negative")
  .max(MAX_QUANTITY, `Quantity is at most ${MAX_QUANTITY}`);

/** + / − on a card: a small signed step. */
export const adjustQuantitySchema = z.object({
  cardId: cardIdSchema,
  delta: z.coerce
    .number({ error: "Step must be a whole number" })
    .int("Step must be a whole number")
    .min(-MAX_QUANTITY)
    .max(MAX_QUANTITY)
    .refine((d) => d !== 0, "Step cannot be 0"),
});

/** A typed quantity on a card. */
export const setQuantitySchema = z.object({ cardId: cardIdSchema, quantity: quantitySchema });

/** A booster pack as entered: card ids in entry order (a card may appear twice). */
export const packEntrySchema = z.object({
  cardIds: z
    .array(cardIdSchema)
    .min(1, "Enter at least one card")
    .max(MAX_PACK_CARDS, `A pack entry holds at most ${MAX_PACK_CARDS} cards`),
  /** The id the browser gave the pack (booster entry online or queued offline): saving the same id twice records one pack. */
  clientId: z.uuid("The pack's id is not valid").optional(),
  /** The account the pack was entered under (a pack queued offline): a pack is never saved into another account. */
  forUser: z.string().trim().min(1).max(64).optional(),
});

/** Collection filter on /collection. */
export const OWNERSHIP_FILTERS = ["all", "owned", "missing", "duplicates"] as const;
export type OwnershipFilter = (typeof OWNERSHIP_FILTERS)[number];
export const ownershipFilterSchema = z.enum(OWNERSHIP_FILTERS).catch("all");

/** Import modes: add the file's quantities to what is owned, or make the collection exactly the file. */
export const IMPORT_MODES = ["add", "replace"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const TRANSFER_FORMATS = ["csv", "json"] as const;
export type TransferFormat = (typeof TRANSFER_FORMATS)[number];

export const importRequestSchema = z.object({
  mode: z.enum(IMPORT_MODES, { error: "Choose add or replace" }),
  format: z.enum(TRANSFER_FORMATS, { error: "Choose CSV or JSON" }),
});

const idSchema = (what: string) => z.string().trim().min(1, `${what} is required`).max(64, `${what} is too long`);

/** A binder's name as typed (the DAL checks length, the default binder's name and duplicates). */
export const binderFormSchema = z.object({ name: z.string().max(200, "Binder name is too long") });
export const renameBinderSchema = z.object({ binderId: idSchema("Binder"), name: z.string().max(200, "Binder name is too long") });
export const binderIdSchema = z.object({ binderId: idSchema("Binder") });

const detail = z.string().max(300, "That detail is too long").optional();

/**
 * Moving copies: from a lot (or, with no `lotId`, the default binder's plain
 * copies) to a binder ("" = the default binder). With `edit`, the copies get
 * the given details (condition, language, printing, price, date, note), each
 * optional; without it they keep theirs.
 */
export const moveCopiesSchema = z.object({
  cardId: cardIdSchema,
  lotId: z.string().trim().max(64).optional(),
  quantity: z.coerce.number({ error: "Copies must be a whole number" }).int("Copies must be a whole number").min(1, "Move at least one copy").max(MAX_QUANTITY, `At most ${MAX_QUANTITY} copies`),
  toBinderId: z.string().trim().max(64).optional(),
  edit: z.literal("1").optional(),
  condition: detail,
  language: detail,
  printing: detail,
  price: detail,
  date: detail,
  note: detail,
});

export const deckIdSchema = z.object({ deckId: idSchema("Deck") });

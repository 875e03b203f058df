import { z } from "zod";
import { MAX_QUANTITY } from "@/lib/collection/schemas";
import { MAX_TRADE_LINES } from "./rules";
import { parseSource } from "@/lib/lab/params";

const id = z.string().trim().min(1, "Missing id.").max(64, "That id is not valid.");
const line = z.object({ cardId: id, quantity: z.coerce.number().int("Whole copies only.").min(1, "At least one copy.").max(MAX_QUANTITY, `At most ${MAX_QUANTITY} copies.`) });
const side = z.array(line).max(MAX_TRADE_LINES, `At most ${MAX_TRADE_LINES} cards a side.`);

export const listQuantitySchema = z.object({
  list: z.enum(["want", "have"], { error: "List must be want or have." }),
  cardId: id,
  quantity: z.coerce.number().int("Whole copies only.").min(0, "At least 0.").max(MAX_QUANTITY, `At most ${MAX_QUANTITY} copies.`),
});

export const settingsSchema = z.object({ listsPublic: z.boolean(), tradeMail: z.boolean() });

/** A deck the viewer may see, named as the lab names it: `deck:ID` (their own), `slug:SLUG` (shared), `starter:SLUG`, `code:CODE`. */
export const deckWantsSchema = z.object({
  source: z
    .string()
    .max(4100, "That deck could not be read.")
    .transform((raw, ctx) => {
      const source = parseSource(raw);
      if (!source) ctx.addIssue({ code: "custom", message: "That deck could not be read." });
      return source ?? z.NEVER;
    }),
});

export const proposeSchema = z.object({ toId: id, give: side, get: side, message: z.string().trim().max(500, "At most 500 characters.").default("") });

export const counterSchema = z.object({ tradeId: id, give: side, get: side, message: z.string().trim().max(500, "At most 500 characters.").default("") });

export const tradeIdSchema = z.object({ tradeId: id });

import { z } from "zod";
import { COLORS } from "@/lib/catalog/colors";
import { RARITIES } from "@/lib/catalog/rarity";
import { normalizeTrait } from "@/lib/catalog/keys";

/** A set code: 2–12 upper-case letters, digits or dashes (DEMO, S1, SX-PROMO). */
export const setCodeSchema = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9-]{1,11}$/, "Set code: 2–12 letters, digits or dashes"));

/**
 * The one description of a catalog card's editable fields, shared by the seed,
 * the admin form, card suggestions and the bulk importer.
 */
export const cardInputSchema = z.object({
  set: setCodeSchema,
  number: z.coerce.number({ error: "Number must be a whole number" }).int("Number must be a whole number").min(0, "Number cannot be negative").max(99_999, "Number is at most 99999"),
  title: z.string().trim().min(1, "Title is required").max(80, "Title is at most 80 characters"),
  traits: z
    .array(z.string().trim().min(1).max(30, "A trait is at most 30 characters").transform(normalizeTrait))
    .min(1, "At least one trait")
    .max(6, "At most 6 traits")
    .refine((t) => new Set(t).size === t.length, "Traits must not repeat"),
  colors: z
    .array(z.enum(COLORS, { error: (iss) => `Unknown color "${String(iss.input)}": use blue, red, yellow or gray` }))
    .min(1, "At least one color")
    .max(4)
    .refine((c) => new Set(c).size === c.length, "Colors must not repeat"),
  rings: z.coerce.number({ error: "Rings must be a whole number" }).int("Rings must be a whole number").min(0, "Rings cannot be negative").max(99, "Rings are at most 99"),
  rarity: z.enum(RARITIES, { error: () => `Rarity must be one of: ${RARITIES.join(", ")}` }),
  text: z.string().max(1000, "Text is at most 1000 characters").default(""),
  effect: z.unknown().nullable().default(null),
  imageUrl: z
    .string()
    .trim()
    .url("Image URL must be a valid URL")
    .refine((u) => u.startsWith("https://") || u.startsWith("/"), "Image URL must use https")
    .nullable()
    .optional()
    .transform((v) => v || null),
});

export type CardInput = z.output<typeof cardInputSchema>;

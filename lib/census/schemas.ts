import { z } from "zod";
import { CENSUS_FIELDS } from "@/lib/census/fields";

export const submissionIdSchema = z.string().min(1).max(64);
export const fieldNameSchema = z.enum(CENSUS_FIELDS, { error: () => "That is not a field of a printing." });
export const photoIdSchema = z.string().regex(/^[0-9a-f]{64}$/, "That is not a photo.");

export const voteSchema = z.object({ id: submissionIdSchema, field: fieldNameSchema });

/** A dispute: the value as the disputer reads it (as text, parsed per field), and a note. */
export const disputeSchema = z.object({
  id: submissionIdSchema,
  field: fieldNameSchema,
  value: z.string().max(5000, "Keep the value under 5000 characters."),
  note: z.string().trim().max(500, "Keep the note under 500 characters.").default(""),
});

export const answerSchema = z.object({ id: submissionIdSchema, field: fieldNameSchema, answer: z.string().trim().min(1, "Write an answer.").max(1000, "Keep the answer under 1000 characters.") });

export const settleSchema = z.object({
  id: submissionIdSchema,
  field: fieldNameSchema,
  decision: z.union([z.literal("keep"), z.string().min(1).max(64)]),
  note: z.string().trim().max(500).default(""),
});

export const removeSchema = z.object({ id: submissionIdSchema, reason: z.string().trim().min(3, "Give a reason (at least 3 characters).").max(500) });

export const reportSchema = z.object({ photo: photoIdSchema, reason: z.string().trim().min(3, "Say what is wrong (at least 3 characters).").max(500) });

export const photoAdminSchema = z.object({ photo: photoIdSchema, reason: z.string().trim().max(500).default("") });

export const optInSchema = z.object({ optIn: z.enum(["on", "off"]) });

/**
 * A disputed value as typed into the dispute form, in the field's own type:
 * numbers for number and rings, lists for traits and colours, JSON for an effect.
 */
export function disputedValue(field: (typeof CENSUS_FIELDS)[number], text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const t = text.trim();
  if (field === "number" || field === "rings") return /^\d{1,5}$/.test(t) ? { ok: true, value: Number(t) } : { ok: false, message: "Write a whole number." };
  if (field === "traits" || field === "colors")
    return {
      ok: true,
      value: t
        .split(/[;,|]/)
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => (field === "colors" ? s.toLowerCase() : s)),
    };
  if (field === "effect") {
    try {
      return { ok: true, value: JSON.parse(t) as unknown };
    } catch {
      return { ok: false, message: "The effect must be JSON (the engine's effect language)." };
    }
  }
  if (field === "set") return { ok: true, value: t.toUpperCase() };
  return { ok: true, value: field === "text" ? text : t };
}

import { describeEffect, parseEffect } from "@/lib/engine";

/**
 * A card's automated effect in words, using the engine's schema and describer.
 * Cards without a structured effect (or with one the engine rejects) read as
 * “text not automated”.
 */
export function explainEffect(effect: unknown): { automated: boolean; text: string } {
  if (effect === null || effect === undefined) return { automated: false, text: "Text not automated: the card plays without an effect." };
  const parsed = parseEffect(effect);
  if (!parsed.ok) return { automated: false, text: `Text not automated: the stored effect is invalid (${parsed.error}).` };
  return { automated: true, text: describeEffect(parsed.effect) };
}

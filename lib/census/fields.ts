import { explainEffect } from "@/lib/catalog/describe-effect";
import type { CatalogCard } from "@/lib/catalog/schemas";

/**
 * The census's rules, pure and shared by both sides: which fields a printing
 * has, when a field and a printing count as verified, and how a value reads.
 */

/** The fields of a printing, in the order they are shown. `effect` is present only when one was proposed. */
export const CENSUS_FIELDS = ["set", "number", "title", "traits", "colors", "rings", "rarity", "text", "effect"] as const;
export type CensusFieldName = (typeof CENSUS_FIELDS)[number];

export const FIELD_LABELS: Record<CensusFieldName, string> = {
  set: "Set code",
  number: "Number",
  title: "Title",
  traits: "Traits",
  colors: "Colours",
  rings: "Rings",
  rarity: "Rarity",
  text: "Card text",
  effect: "Structured effect",
};

/** How many people other than its proposer must confirm a field (an admin alone also verifies it). */
export const CONFIRMATIONS_NEEDED = 2;

/** The census never holds the unofficial demo set: its printings are real cards. */
export const RESERVED_SET_CODES = ["DEMO"] as const;

export type FieldState = "proposed" | "disputed" | "verified";

/** A vote as the rules see it: who cast it and what it says. */
export type VoteFact = { userId: string | null; kind: "confirm" | "dispute"; open: boolean };

/**
 * The state a field reaches from its votes: verified once CONFIRMATIONS_NEEDED
 * distinct people other than its proposer confirmed it, disputed while any
 * dispute is open (a dispute is settled only by an admin), else proposed.
 * An admin's verification is recorded on the field itself and stays.
 */
export function fieldStateFrom(proposerId: string | null, votes: readonly VoteFact[], verifiedByAdmin: boolean): FieldState {
  if (verifiedByAdmin) return "verified";
  if (votes.some((v) => v.kind === "dispute" && v.open)) return "disputed";
  const confirmers = new Set(votes.filter((v) => v.kind === "confirm" && v.userId && v.userId !== proposerId).map((v) => v.userId));
  return confirmers.size >= CONFIRMATIONS_NEEDED ? "verified" : "proposed";
}

/** A printing is verified when every one of its fields is. */
export function printingVerified(states: readonly FieldState[]): boolean {
  return states.length > 0 && states.every((s) => s === "verified");
}

/** A card's fields as the census compares them: a validated card, or a catalog card's DTO. */
type CardFieldSource = Pick<CatalogCard, "set" | "number" | "title" | "rings" | "text"> & { traits: readonly string[]; colors: readonly string[]; rarity: string; effect?: unknown };

/** The field values of a validated card, as JSON text per field (effect only when one was given). */
export function fieldValuesOf(card: CardFieldSource): { name: CensusFieldName; value: string }[] {
  const values: Record<CensusFieldName, unknown> = {
    set: card.set,
    number: card.number,
    title: card.title,
    traits: card.traits,
    colors: card.colors,
    rings: card.rings,
    rarity: card.rarity,
    text: card.text,
    effect: card.effect ?? null,
  };
  return CENSUS_FIELDS.filter((n) => n !== "effect" || values.effect !== null).map((name) => ({ name, value: JSON.stringify(values[name]) }));
}

/** The raw card fields (the card form's shape) a set of field values stands for. */
export function cardFieldsOf(values: ReadonlyMap<string, unknown>): Record<string, unknown> {
  return {
    set: values.get("set"),
    number: values.get("number"),
    title: values.get("title"),
    traits: values.get("traits") ?? [],
    colors: values.get("colors") ?? [],
    rings: values.get("rings"),
    rarity: values.get("rarity"),
    text: values.get("text") ?? "",
    effect: values.get("effect") ?? null,
  };
}

/** A field's value in words: lists joined, the number padded, an effect with its "Reads as" line. */
export function displayValue(name: string, value: unknown): string {
  if (name === "number" && typeof value === "number") return String(value).padStart(3, "0");
  if (Array.isArray(value)) return value.join(", ");
  if (name === "effect") return explainEffect(value).text;
  if (name === "text" && value === "") return "(no text)";
  return String(value ?? "");
}

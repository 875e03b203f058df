/**
 * A card's card key, e.g. DEMO-007: the set code (trimmed, upper case) and the
 * number padded to 3 digits. "demo" and 7 give the same key as "DEMO" and 7.
 */
export function cardKey(setCode: string, number: number): string {
  return `${setCode.trim().toUpperCase()}-${String(number).padStart(3, "0")}`;
}

/** Splits a card key ("DEMO-007", "promo-x-12") into its set code (upper case) and number; null when malformed. */
export function parseCardKey(key: string): { set: string; number: number } | null {
  const m = /^([A-Za-z0-9][A-Za-z0-9-]{0,11})-(\d{1,5})$/.exec(key);
  if (!m) return null;
  return { set: m[1].toUpperCase(), number: Number(m[2]) };
}

/** The key that groups printings for the 5-copies-per-title limit. */
export function titleKey(title: string): string {
  return title.trim().replace(/\s+/g, " ").toLowerCase();
}

/** Normalizes a trait as printed: trimmed, first letter upper case ("robot" -> "Robot"). */
export function normalizeTrait(trait: string): string {
  const t = trait.trim().replace(/\s+/g, " ");
  return t.charAt(0).toUpperCase() + t.slice(1);
}

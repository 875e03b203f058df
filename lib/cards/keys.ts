/** A card's human key, e.g. DEMO-007: the set code and the number padded to 3 digits. */
export function cardKey(setCode: string, number: number): string {
  return `${setCode}-${String(number).padStart(3, "0")}`;
}

/** The key that groups printings for the 5-copies-per-title limit. */
export function titleKey(title: string): string {
  return title.trim().replace(/\s+/g, " ").toLowerCase();
}

/** Normalises a trait as printed: trimmed, first letter upper case ("robot" -> "Robot"). */
export function normaliseTrait(trait: string): string {
  const t = trait.trim().replace(/\s+/g, " ");
  return t.charAt(0).toUpperCase() + t.slice(1);
}

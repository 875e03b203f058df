/** One change between two deck lists, per printing. */
export type DeckDiffLine = { cardId: string; key: string; title: string; delta: number };

type Line = { cardId: string; quantity: number };

/**
 * The difference from `before` to `after`, per printing (+2 Sonic the Hedgehog,
 * −1 Egg Pawn), sorted by title. `describe` names a card id.
 */
export function diffDeckLists(before: readonly Line[], after: readonly Line[], describe: (cardId: string) => { key: string; title: string }): DeckDiffLine[] {
  const q = new Map<string, number>();
  for (const l of before) q.set(l.cardId, (q.get(l.cardId) ?? 0) - l.quantity);
  for (const l of after) q.set(l.cardId, (q.get(l.cardId) ?? 0) + l.quantity);
  const out: DeckDiffLine[] = [];
  for (const [cardId, delta] of q) if (delta !== 0) out.push({ cardId, delta, ...describe(cardId) });
  return out.sort((a, b) => a.title.localeCompare(b.title) || a.key.localeCompare(b.key));
}

/** "+2 Sonic the Hedgehog, −1 Egg Pawn" or "no card changes"; the key is added where two printings of a title both changed. */
export function formatDeckDiff(lines: readonly DeckDiffLine[]): string {
  if (lines.length === 0) return "no card changes";
  const seen = new Map<string, number>();
  for (const l of lines) seen.set(l.title, (seen.get(l.title) ?? 0) + 1);
  return lines.map((l) => `${l.delta > 0 ? "+" : "−"}${Math.abs(l.delta)} ${l.title}${(seen.get(l.title) ?? 0) > 1 ? ` [${l.key}]` : ""}`).join(", ");
}

/**
 * The coach's findings in words: a move as its player would say it, and a
 * decision's verdict ("You played X (win 34%) — better: Y (win 52%)"). The
 * cards of a placement are named from the deciding player's own view. Pure.
 */
import type { Action, CoachDecision, PlayerView } from "@/lib/engine";

/** A probability as a whole percentage. */
export function percent(p: number): string {
  return `${Math.round(p * 100)}%`;
}

/** A move in words, naming a placement's cards from the player's hand in `view`. */
export function moveWords(a: Action, view: PlayerView): string {
  if (a.type === "flip") return `flip column ${a.column}`;
  if (a.type !== "place") return a.type;
  const hand = view.players[view.viewer].hand ?? [];
  const title = (id: number | null) => (id === null ? "nothing" : (hand.find((c) => c.id === id)?.card.title ?? `card ${id}`));
  return `place ${a.cards.map(title).join(", ")} (columns 1–${a.cards.length})`;
}

/** The decision's cost in percentage points of win chance. */
export function points(d: CoachDecision): number {
  return Math.round(d.cost * 100);
}

/** The verdict on one decision, `who` being its player ("You", or a name). */
export function verdict(d: CoachDecision, view: PlayerView, who: string): string {
  const played = `${who} played ${moveWords(d.played, view)} (win ${percent(d.winPlayed)})`;
  if (d.cost <= 0) return `${played}: the best move found.`;
  return `${played} — better: ${moveWords(d.best, view)} (win ${percent(d.winBest)})`;
}

/** "about 1 min 20 s left" from milliseconds. */
export function etaWords(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  return s < 60 ? `about ${s} s left` : `about ${Math.floor(s / 60)} min ${s % 60} s left`;
}

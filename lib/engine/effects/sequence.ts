/**
 * Sequencing (docs/effects.md "Sequencing"): the counts
 * "for each" multiplies an amount by and what paying a cost in full means.
 * The interpreter runs them (effects/interpreter.ts); their words are in
 * describe/words.ts.
 */
import type { Color, GameState, Player, Row } from "../types";
import type { Count, EffectAction } from "./schema";
import { isAdjacent, rowOf } from "../rules/board";

/** Where the effect's own card is (the interpreter's Src). */
interface At {
  p: Player;
  row: Row;
  ci: number;
  card: number;
}

/**
 * The value of a "for each" count now: face-up cards other than this one
 * (like a card condition), a player's Chaos Emeralds, a zone's size, or what
 * the previous action did (`last`).
 */
export function countOf(s: GameState, at: At, c: Count, last: number): number {
  if ("previous" in c) return last;
  if ("emeralds" in c) return s.emeralds[c.emeralds === "you" ? at.p : 1 - at.p];
  if ("zone" in c) {
    const pl = s.players[c.who === "you" ? at.p : 1 - at.p];
    return c.zone === "hand" ? pl.hand.length : c.zone === "deck" ? pl.deck.length : pl.discard.length;
  }
  return countFaceUpCards(s, at, c.cards, Infinity);
}

/** Which face-up field cards a count reads (a card condition, a "for each"). */
type CardFilter = Pick<Extract<Count, { cards: unknown }>["cards"], "owner" | "where" | "colors" | "traits" | "titles">;

/**
 * The face-up field cards other than `at`'s own that match `k` (conditions
 * never look at face-down cards), counted up to `stopAt` at most: a condition
 * stops as soon as its answer is known. The one count behind card conditions
 * and "for each".
 */
export function countFaceUpCards(s: GameState, at: At, k: CardFilter, stopAt: number): number {
  let n = 0;
  for (const tp of [0, 1] as Player[]) {
    if ((k.owner === "you" && tp !== at.p) || (k.owner === "opponent" && tp === at.p)) continue;
    for (const row of ["chaos", "spare"] as const) {
      const r = rowOf(s, tp, row);
      for (let ci = 0; ci < 5; ci++) {
        const x = r[ci];
        if (x === null || !x.faceUp || x.card === at.card) continue;
        if (k.where === "same-column" && ci !== at.ci) continue;
        if (k.where === "adjacent" && !isAdjacent(at.p, at.row, at.ci, tp, row, ci)) continue;
        const d = s.cards[x.card];
        if (k.colors && !k.colors.includes(x.color as Color)) continue;
        if (k.traits && !k.traits.some((t) => d.traits.includes(t))) continue;
        if (k.titles && !k.titles.includes(d.title)) continue;
        if (++n >= stopAt) return n;
      }
    }
  }
  return n;
}

/** What paying a cost action in full takes: cards discarded, returned, turned face down, or emeralds lost. */
export function costNeed(a: EffectAction): number {
  if (a.type === "hand-discard") return a.count;
  if (a.type === "emerald") return -a.add;
  if ("target" in a && a.target !== "self" && typeof a.target.count === "number") return a.target.count;
  return 1;
}

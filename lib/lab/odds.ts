/**
 * Opening-hand odds for the sample-hand panel: how likely a player is to have
 * drawn at least one card of a kind by a given turn, computed exactly from the
 * engine's draw schedule (RULES.md §3: draw 7; §4.1: place exactly 5; §4.5:
 * draw back up to 7 at the end of every turn).
 */

/** Cards in a starting hand (RULES.md §3). */
export const OPENING_HAND = 7;
/** Cards placed, and so drawn back, every turn (RULES.md §4.1, §4.5). */
export const DRAWS_PER_TURN = 5;

/**
 * Cards a player has drawn by the play step of `turn` (1-based) from a deck of
 * `deckSize`, by the base schedule: 7, then 5 more every turn. Card effects
 * that draw more are not counted. Capped at the deck: the first reshuffle
 * happens only after every card has been drawn once.
 */
export function cardsDrawnBy(turn: number, deckSize: number): number {
  if (!Number.isInteger(turn) || turn < 1) throw new RangeError("turn must be a whole number from 1");
  return Math.min(deckSize, OPENING_HAND + DRAWS_PER_TURN * (turn - 1));
}

/** ln(n!) by summation (exact enough for deck sizes; memoised). */
const lnFact: number[] = [0];
function logFactorial(n: number): number {
  for (let i = lnFact.length; i <= n; i++) lnFact[i] = lnFact[i - 1] + Math.log(i);
  return lnFact[n];
}

function logChoose(n: number, k: number): number {
  if (k < 0 || k > n) return -Infinity;
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

/**
 * Hypergeometric probability that `drawn` cards taken without replacement from
 * a deck of `deckSize` holding `hits` matching cards include at least `atLeast`
 * of them.
 */
export function probAtLeast(deckSize: number, hits: number, drawn: number, atLeast = 1): number {
  if (hits < 0 || hits > deckSize || drawn < 0) throw new RangeError("need 0 ≤ hits ≤ deckSize and drawn ≥ 0");
  const n = Math.min(drawn, deckSize);
  if (atLeast <= 0) return 1;
  let below = 0;
  const total = logChoose(deckSize, n);
  for (let k = 0; k < atLeast; k++) {
    const lp = logChoose(hits, k) + logChoose(deckSize - hits, n - k) - total;
    if (lp > -Infinity) below += Math.exp(lp);
  }
  return Math.min(1, Math.max(0, 1 - below));
}

/** Chance of having drawn at least one of `hits` matching cards by the play step of `turn`. */
export function probByTurn(deckSize: number, hits: number, turn: number, atLeast = 1): number {
  if (deckSize === 0) return 0;
  return probAtLeast(deckSize, hits, cardsDrawnBy(turn, deckSize), atLeast);
}

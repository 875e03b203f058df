/**
 * The rush step's column rule (RULES.md §4.2): which face-down chaos cards a
 * player may flip, under the `priority` (default) or `no-mirror` variant.
 */
import type { GameState, Player } from "../types";
import { ruleHolds } from "./lasting";

/** Bit mask of columns (bit 0 = column 1) where the player has a face-down chaos card. */
export function faceDownMask(s: GameState, p: Player): number {
  const c = s.players[p].chaos;
  let m = 0;
  for (let i = 0; i < 5; i++) {
    const x = c[i];
    if (x !== null && !x.faceUp) m |= 1 << i;
  }
  return m;
}

/**
 * Bit mask of the columns the player may flip now (RULES.md §4.2 column rule).
 * `priority`: columns where both players are still face down come first.
 * `no-mirror`: not the column the opponent has just flipped in, unless it is
 * the only choice.
 */
export function flipMask(s: GameState, p: Player): number {
  const mine = faceDownMask(s, p);
  if (mine === 0) return 0;
  // An effect may let a player ignore the column rule.
  if (s.lasting.length > 0 && ruleHolds(s, "ignore-column-rule", p)) return mine;
  if (s.rules.columnRule === "priority") {
    const both = mine & faceDownMask(s, (1 - p) as Player);
    return both !== 0 ? both : mine;
  }
  const lf = s.lastFlip;
  if (lf && lf.player !== p) {
    const rest = mine & ~(1 << (lf.column - 1));
    return rest !== 0 ? rest : mine;
  }
  return mine;
}

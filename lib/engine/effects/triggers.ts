/**
 * Triggered effects (docs/rules.md "Triggered effects"):
 * when a card is discarded from the field, moves to the spare row, at the
 * score step, wins or loses a battle, or when an opposing card is flipped in
 * its column. Each trigger pushes a frame that runs the card's effect (the "effect" stage
 * of the flip machine, never copy or battle discards), controlled by the
 * card's owner. Frames pushed together resolve in the order given (the stack
 * is last in, first out, so they are pushed in reverse).
 */
import type { FrameTrigger, GameState, Player, Row } from "../types";

/** Does this card's effect have this trigger? */
export function hasTrigger(s: GameState, card: number, t: FrameTrigger): boolean {
  const e = s.cards[card].effect;
  return e != null && e.trigger === t;
}

/** Push one triggered-effect frame (resolves next). */
export function pushTrigger(s: GameState, t: FrameTrigger, p: Player, row: Row, ci: number, card: number, other = -1): void {
  s.stack.push({ player: p, row, column: ci, card, stage: "effect", full: false, runEffect: true, ai: 0, picked: [], started: false, sub: null, trigger: t, other, done: 0, last: 0, amt: -1 });
}

/** A card just left the field for its owner's discard pile (during the rush): its "when discarded" effect. */
export function onDiscarded(s: GameState, p: Player, row: Row, ci: number, card: number): void {
  if (hasTrigger(s, card, "discarded")) pushTrigger(s, "discarded", p, row, ci, card);
}

/**
 * A card of `p` is being flipped face up in column `ci`: the opponent's
 * face-up cards in that column with "when an opposing card is flipped in this
 * column" are pushed first, so they resolve after the flip (chaos row first).
 * Call before pushing the flip's own frame.
 */
export function onOpposingFlip(s: GameState, p: Player, ci: number): void {
  const o = (1 - p) as Player;
  const po = s.players[o];
  const a = po.spare[ci];
  if (a !== null && a.faceUp && hasTrigger(s, a.card, "opposing-flip")) pushTrigger(s, "opposing-flip", o, "spare", ci, a.card);
  const b = po.chaos[ci];
  if (b !== null && b.faceUp && hasTrigger(s, b.card, "opposing-flip")) pushTrigger(s, "opposing-flip", o, "chaos", ci, b.card);
}

/**
 * The score step's triggered effects (RULES.md §4.4, docs/rules.md): every
 * face-up card with "at the score step", the lead's first, chaos row then
 * spare, columns 1–5. Returns true when some were pushed.
 */
export function pushScoreTriggers(s: GameState): boolean {
  const before = s.stack.length;
  // Pushed in reverse resolution order: the non-lead's spare row last column first.
  for (let i = 1; i >= 0; i--) {
    const p = (i === 0 ? s.lead : 1 - s.lead) as Player;
    const pl = s.players[p];
    for (let ri = 1; ri >= 0; ri--) {
      const r = ri === 0 ? pl.chaos : pl.spare;
      for (let ci = 4; ci >= 0; ci--) {
        const x = r[ci];
        if (x !== null && x.faceUp && hasTrigger(s, x.card, "score")) pushTrigger(s, "score", p, ri === 0 ? "chaos" : "spare", ci, x.card);
      }
    }
  }
  return s.stack.length > before;
}

/**
 * Is the card of a triggered frame still where its trigger needs it? "When
 * discarded" and "loses a battle" run from the discard pile; the others need
 * the card face up in its slot (it may have left meanwhile).
 */
export function triggerCardPresent(s: GameState, t: FrameTrigger, p: Player, row: Row, ci: number, card: number): boolean {
  if (t === "discarded" || t === "battle-lost") return true;
  const x = (row === "chaos" ? s.players[p].chaos : s.players[p].spare)[ci];
  return x !== null && x.card === card && x.faceUp;
}


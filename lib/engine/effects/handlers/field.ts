/**
 * Handlers of the actions that take field cards away or move them (RULES.md
 * §6): discard, return to hand, peek, flip face up, turn face down, move to
 * the other row, swap with this card.
 */
import type { EffectAction } from "../schema";
import type { GameState, Player, Row, Slot } from "../../types";
import { discardFromField, rowOf, takeFromField } from "../../rules/board";
import { leftField } from "../../rules/lasting";
import { report } from "../../describe/events";
import { hasTrigger, onDiscarded, onOpposingFlip, pushTrigger } from "../triggers";
import type { Src } from "../match";
import type { Handler } from "./common";
import { runTargeted, selfHere, targetPayable } from "./targeted";
import { returnFromDiscard } from "./zones";

type Of<K extends EffectAction["type"]> = Handler<Extract<EffectAction, { type: K }>>;

export const discard: Of<"discard"> = {
  run: runTargeted,
  payable: targetPayable,
  apply(s, f, src, a, h, ev) {
    const { tp, row, ci, slot } = h;
    const id = discardFromField(s, tp, row, ci);
    if (ev && h.seen) report(s, ev, { type: "discard", player: tp, cards: slot.faceUp ? [id] : [], column: ci + 1, row, cause: "effect" }, { fact: "discarded", target: h.seen, by: h.by });
    // A face-down card's "when discarded" does not trigger: it was never revealed (docs/rules.md).
    if (slot.faceUp) onDiscarded(s, tp, row, ci, id);
    return true;
  },
};

export const returnToHand: Of<"return-to-hand"> = {
  run: runTargeted,
  // "Return this card to your hand" is paid from the field or, by a "when discarded" effect, from the discard pile.
  payable: (s, src, a) => (a.target === "self" ? selfHere(s, src) !== null || s.players[src.p].discard.includes(src.card) : targetPayable(s, src, a)),
  apply(s, f, src, a, h, ev) {
    const { tp, row, ci, slot } = h;
    const id = takeFromField(s, tp, row, ci);
    s.players[tp].hand.push(id);
    if (ev && h.seen) report(s, ev, { type: "return", player: tp, cards: slot.faceUp ? [id] : [], column: ci + 1, row, cause: "effect" }, { fact: "returned", target: h.seen, by: h.by });
    return true;
  },
  // "Return this card to your hand" from the discard pile (a "when discarded" effect).
  selfGone: (s, f, ev) => returnFromDiscard(s, f, f.card, ev),
};

export const peek: Of<"peek"> = {
  run: runTargeted,
  payable: targetPayable,
  apply(s, f, src, a, h, ev) {
    h.slot.peek |= 1 << src.p;
    if (ev && h.seen) report(s, ev, { type: "peek", player: src.p, cards: [h.slot.card], column: h.ci + 1, private: true }, { fact: "peeked", viewer: src.p, target: h.seen, by: h.by });
    return true;
  },
};

export const flipUp: Of<"flip-up"> = {
  run: runTargeted,
  stacksFrames: true,
  payable: targetPayable,
  apply(s, f, src, a, h, ev) {
    const { tp, row, ci, slot } = h;
    if (slot.faceUp) return false;
    slot.faceUp = true;
    const d = s.cards[slot.card];
    if (d.colors.length === 1) slot.color = d.colors[0];
    if (ev && h.seen)
      report(s, ev, { type: "flip", player: tp, cards: [slot.card], column: ci + 1 }, { fact: "flipped-up", target: { ...h.seen, color: slot.color }, asRush: a.asRush === true, withEffect: a.withEffect === true, by: h.by });
    onOpposingFlip(s, tp, ci);
    s.stack.push({ player: tp, row, column: ci, card: slot.card, stage: "color", full: a.asRush === true, runEffect: a.withEffect || a.asRush === true, ai: 0, picked: [], started: false, sub: null, trigger: "flip", other: -1, done: 0, last: 0, amt: -1 });
    return true;
  },
};

/** Can this chaos card be turned face down now (face up, at most once per turn per card: the rush loop guard, docs/rules.md)? */
function canTurnDown(s: GameState, row: Row, x: Slot): boolean {
  return row === "chaos" && x.faceUp && x.downed !== s.turn;
}

export const turnFaceDown: Of<"turn-face-down"> = {
  run: runTargeted,
  payable: (s, src, a) => {
    if (a.target !== "self") return targetPayable(s, src, a);
    const x = selfHere(s, src);
    return x !== null && canTurnDown(s, src.row, x);
  },
  narrow: (s, src, t) => t.filter((r) => canTurnDown(s, r.row, rowOf(s, r.player, r.row)[r.column - 1] as Slot)),
  apply(s, f, src, a, h, ev) {
    const { tp, row, ci, slot } = h;
    if (!canTurnDown(s, row, slot)) return false;
    // What lasted on it ends, like its slot's modifiers.
    if (s.lasting.length > 0) leftField(s, slot.card);
    slot.faceUp = false;
    slot.color = null;
    slot.mod = 0;
    slot.setRings = null;
    slot.protect = 0;
    // Both players saw it face up: both remember which card it is (docs/rules.md).
    slot.peek = 3;
    slot.downed = s.turn;
    if (ev && h.seen) report(s, ev, { type: "face-down", player: tp, cards: [slot.card], column: ci + 1, row }, { fact: "turned-down", target: h.seen, by: h.by });
    return true;
  },
};

/** Can a field card move to the other row of its column (empty; face-down cards stay in the chaos row; into the chaos row only during the rush)? */
function canMove(s: GameState, p: Player, row: Row, ci: number): boolean {
  const other: Row = row === "chaos" ? "spare" : "chaos";
  if (rowOf(s, p, other)[ci] !== null) return false;
  if (other === "spare") return (rowOf(s, p, row)[ci] as Slot).faceUp;
  return s.step === "rush";
}

/** Can this card swap with its owner's card at (row, ci) (a face-down card never ends in the spare row)? */
function canSwap(s: GameState, src: Src, row: Row, ci: number): boolean {
  const mine = rowOf(s, src.p, src.row)[src.ci];
  const other = rowOf(s, src.p, row)[ci];
  if (!mine || mine.card !== src.card || !other) return false;
  if (row === "spare" && !mine.faceUp) return false;
  if (src.row === "spare" && !other.faceUp) return false;
  return row !== src.row || ci !== src.ci;
}

/** Frames of a card that moved follow it (their discards happen where it now is). */
function relocate(s: GameState, card: number, row: Row, ci: number): void {
  for (const f of s.stack)
    if (f.card === card) {
      f.row = row;
      f.column = ci;
    }
}

export const move: Of<"move"> = {
  run: runTargeted,
  payable: targetPayable,
  narrow: (s, src, t) => t.filter((r) => canMove(s, r.player, r.row, r.column - 1)),
  apply(s, f, src, a, h, ev) {
    const { tp, row, ci, slot } = h;
    if (!canMove(s, tp, row, ci)) return false;
    const other: Row = row === "chaos" ? "spare" : "chaos";
    rowOf(s, tp, other)[ci] = slot;
    rowOf(s, tp, row)[ci] = null;
    relocate(s, slot.card, other, ci);
    if (ev && h.seen) report(s, ev, { type: "move", player: tp, cards: slot.faceUp ? [slot.card] : [], column: ci + 1, row: other, cause: "effect" }, { fact: "moved", target: h.seen, to: other, by: h.by });
    if (other === "spare" && slot.faceUp && hasTrigger(s, slot.card, "to-spare")) pushTrigger(s, "to-spare", tp, "spare", ci, slot.card);
    return true;
  },
};

export const swap: Of<"swap"> = {
  run: runTargeted,
  payable: targetPayable,
  narrow: (s, src, t) => t.filter((r) => r.player === src.p && canSwap(s, src, r.row, r.column - 1)),
  apply(s, f, src, a, h, ev) {
    const { tp, row, ci, slot } = h;
    if (tp !== src.p || !canSwap(s, src, row, ci)) return false;
    const mine = rowOf(s, src.p, src.row)[src.ci] as Slot;
    rowOf(s, tp, row)[ci] = mine;
    rowOf(s, src.p, src.row)[src.ci] = slot;
    relocate(s, mine.card, row, ci);
    relocate(s, slot.card, src.row, src.ci);
    if (ev && h.seen)
      report(s, ev, { type: "move", player: tp, cards: slot.faceUp ? [slot.card, mine.card] : [mine.card], column: ci + 1, row, cause: "effect" }, { fact: "swapped", mine: { card: mine.card, color: mine.color }, target: h.seen, by: h.by });
    if (row === "spare" && src.row === "chaos" && hasTrigger(s, mine.card, "to-spare")) pushTrigger(s, "to-spare", tp, "spare", ci, mine.card);
    if (src.row === "spare" && row === "chaos" && slot.faceUp && hasTrigger(s, slot.card, "to-spare")) pushTrigger(s, "to-spare", tp, "spare", src.ci, slot.card);
    return true;
  },
};

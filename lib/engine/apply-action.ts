/**
 * Applying actions (house rule 3): checks in a fixed order with typed error
 * codes and reasons naming the rule, then the one mutable rules core on a
 * private copy, so the input state is never mutated.
 */
import { cloneState } from "./clone";
import { answerBattle, answerFlipColor, advance, rushFlip } from "./rules/flow";
import { pname } from "./describe/names";
import { report } from "./describe/events";
import { flipMask } from "./rules/rush";
import { answerCard, answerEffectColor, answerOptional, answerTarget, stopTargets } from "./effects/interpreter";
import { endBottom } from "./effects/handlers/zones";
import { anySeen, mixHand, sweepSeen } from "./rules/seen";
import { applyCorrection, checkCorrection, closeCorrection } from "./rules/correction";
import type { Action, ApplyResult, EngineError, EngineErrorCode, GameEvent, GameState, Player, SlotRef } from "./types";

function err(code: EngineErrorCode, reason: string): EngineError {
  return { code, reason };
}

function sameRef(a: SlotRef, b: unknown): boolean {
  if (typeof b !== "object" || b === null) return false;
  const r = b as SlotRef;
  return a.player === r.player && a.row === r.row && a.column === r.column;
}

/**
 * Check an action against the rules without applying it (house rule 3).
 * Returns null when legal, else the error with its code and reason.
 * Order: shape, game over, pending decision, step, turn, then the step's rules.
 */
export function checkAction(s: GameState, a: Action): EngineError | null {
  if (typeof a !== "object" || a === null || typeof (a as { type?: unknown }).type !== "string")
    return err("action/malformed", "An action is an object with a type (place, flip, choose or pass) and a player.");
  if (a.player !== 0 && a.player !== 1) return err("action/malformed", "The action's player must be 0 or 1.");
  if (s.winner !== null) return err("action/game-over", `The game is over (${s.winner === "draw" ? "a draw" : `${pname(s.winner)} won`}); no more actions (RULES.md §5).`);
  const p = a.player;
  if (a.type === "correct") return checkCorrection(s, a);
  if (a.type !== "place" && a.type !== "flip" && a.type !== "choose" && a.type !== "pass")
    return err("action/unknown-type", `Unknown action type "${(a as { type: string }).type}": use place, flip, choose or pass (RULES.md §8).`);
  const pd = s.pending;
  if (pd !== null) {
    if (a.type === "place" || a.type === "flip")
      return err("action/decision-pending", `A decision is pending for ${pname(pd.player)} (${pd.prompt}); it must be answered first (RULES.md §4.3, §6).`);
    if (pd.player !== p) return err("action/not-your-turn", `The pending decision belongs to ${pname(pd.player)} (RULES.md §4.3, §6).`);
    if (a.type === "pass") {
      if (pd.kind === "optional" || ((pd.kind === "target" || pd.kind === "card") && !pd.required) || pd.kind === "correction") return null;
      return err("choose/not-declinable", `This decision (${pd.kind}) cannot be declined: ${pd.prompt} (RULES.md §4.3).`);
    }
    switch (pd.kind) {
      case "color":
        if (typeof a.color === "string" && pd.options.includes(a.color)) return null;
        return err("choose/invalid-option", `Choose one of the colors ${pd.options.join(", ")} (RULES.md §4.3 step 1 active color, §6).`);
      case "optional":
        if (typeof a.yes === "boolean") return null;
        return err("choose/invalid-option", `Answer the "you may" question with yes: true or false, or pass (RULES.md §6).`);
      case "card":
        if (typeof a.card === "number" && pd.options.includes(a.card)) return null;
        return err("choose/invalid-option", `Choose one of the offered cards of the ${pd.zone === "hand" ? "hand" : pd.zone === "deck" ? "deck (the cards looked at)" : "discard pile"} by its id (effect language v2, docs/effects.md).`);
      case "correction":
        return err("choose/invalid-option", `A manual correction window is open: make a correction (a correct action) or pass when done (docs/rules.md).`);
      case "target":
      case "battle":
        if (pd.options.some((o) => sameRef(o, a.slot))) return null;
        return err(
          "choose/invalid-option",
          pd.kind === "battle"
            ? "Choose one of the opposing face-up cards of the flipped card's active color in the same column (RULES.md §4.3 step 4)."
            : "Choose one of the offered target slots (RULES.md §6 targets).",
        );
    }
  }
  if (a.type === "choose" || a.type === "pass") return err("action/no-decision", "There is no pending decision to answer (RULES.md §4.3, §6).");
  if (a.type === "place") {
    if (s.step !== "play") return err("action/wrong-step", "Cards are placed only in the play step (RULES.md §4.1).");
    const pl = s.players[p];
    if (pl.placed) return err("play/already-placed", `${pname(p)} has already placed this turn (RULES.md §4.1).`);
    const cards = a.cards;
    const need = Math.min(5, pl.hand.length);
    if (!Array.isArray(cards) || cards.length !== 5)
      return err("play/wrong-count", "A placement lists five entries, one per chaos-row column 1–5 (RULES.md §4.1).");
    let n = 0;
    for (let i = 0; i < 5; i++) {
      const c = cards[i];
      if (c === null) continue;
      n++;
      if (!pl.hand.includes(c)) return err("play/card-not-in-hand", `Card ${String(c)} is not in ${pname(p)}'s hand (RULES.md §4.1: cards come from hand).`);
      for (let j = 0; j < i; j++) if (cards[j] === c) return err("play/duplicate-card", `Card ${c} is placed twice (RULES.md §4.1).`);
    }
    if (n !== need)
      return err(
        "play/wrong-count",
        need === 5
          ? `Place exactly 5 cards, one in each chaos slot (RULES.md §4.1); got ${n}.`
          : `With ${pl.hand.length} cards in hand, place all of them (RULES.md §4.1, docs/rules.md); got ${n}.`,
      );
    return null;
  }
  // flip
  if (s.step !== "rush") return err("action/wrong-step", "Cards are flipped only in the rush step (RULES.md §4.2).");
  if (s.next !== p) return err("action/not-your-turn", `It is ${pname(s.next)}'s flip: players alternate, starting with the lead (RULES.md §4.2).`);
  const col = a.column;
  if (!Number.isInteger(col) || col < 1 || col > 5) return err("action/malformed", "A flip names a column from 1 to 5 (RULES.md §2).");
  const slot = s.players[p].chaos[col - 1];
  if (slot === null || slot.faceUp) return err("rush/no-card", `${pname(p)} has no face-down chaos card in column ${col} (RULES.md §4.2).`);
  const m = flipMask(s, p);
  if ((m & (1 << (col - 1))) === 0) {
    const allowed = [1, 2, 3, 4, 5].filter((c) => m & (1 << (c - 1))).join(", ");
    return err(
      "rush/column-rule",
      s.rules.columnRule === "priority"
        ? `Column rule (priority): while some column has both players' chaos cards face down, you must flip in such a column: ${allowed} (RULES.md §4.2).`
        : `Column rule (no-mirror): you may not flip in column ${col}, where your opponent has just flipped, unless it is your only choice; allowed: ${allowed} (RULES.md §4.2).`,
    );
  }
  return null;
}

/**
 * Apply a legal action to a state in place (the mutable core). Internal:
 * callers check legality first and own the state they pass. `ev` collects
 * events; null skips message building (fast playouts).
 */
export function applyInPlace(s: GameState, a: Action, ev: GameEvent[] | null): void {
  const p = a.player as Player;
  switch (a.type) {
    case "place": {
      const pl = s.players[p];
      let placed = 0;
      for (let i = 0; i < 5; i++) {
        const c = a.cards[i];
        if (c === null) continue;
        const k = pl.hand.indexOf(c);
        pl.hand.splice(k, 1);
        pl.chaos[i] = { card: c, faceUp: false, color: null, mod: 0, setRings: null, protect: 0, peek: 0, downed: 0 };
        placed++;
      }
      pl.placed = true;
      // Cards left the hand face down: what the opponent had seen of it is forgotten (rules/seen.ts).
      if (s.seen[1 - p].hand.length > 0) mixHand(s, p);
      if (ev) report(s, ev, { type: "place", player: p, cards: a.cards.filter((c): c is number => c !== null), private: true }, { fact: "placed", player: p, count: placed });
      break;
    }
    case "flip":
      rushFlip(s, p, a.column - 1, ev);
      break;
    case "choose": {
      const pd = s.pending;
      s.pending = null;
      if (pd === null) throw new Error("engine invariant: choose without a pending decision");
      if (pd.kind === "color") {
        if (pd.reason === "flip") answerFlipColor(s, a.color!, ev);
        else answerEffectColor(s, a.color!, ev);
      } else if (pd.kind === "optional") answerOptional(s, a.yes === true, ev);
      else if (pd.kind === "target") answerTarget(s, a.slot!, ev);
      else if (pd.kind === "card") answerCard(s, a.card!, ev);
      else answerBattle(s, a.slot!, ev);
      break;
    }
    case "pass": {
      const pd = s.pending;
      s.pending = null;
      if (pd?.kind === "optional") answerOptional(s, false, ev);
      else if (pd?.kind === "correction") closeCorrection(s, pd, ev);
      else if (pd?.kind === "card" && pd.purpose === "deck-bottom") endBottom(s);
      else stopTargets(s);
      break;
    }
    case "correct":
      applyCorrection(s, a, ev);
      break;
  }
  advance(s, ev);
  // Knowledge of hidden cards that are no longer where they were seen is dropped (rules/seen.ts).
  if (anySeen(s)) sweepSeen(s);
}

/**
 * Apply an action (house rule 3): the only way state changes. Never mutates
 * its input; returns the new state and the events it caused, or the error
 * (typed code and a reason naming the rule) for an illegal action.
 */
export function applyAction(state: GameState, action: Action): ApplyResult {
  const e = checkAction(state, action);
  if (e !== null) return { ok: false, error: e };
  const s = cloneState(state);
  const events: GameEvent[] = [];
  applyInPlace(s, action, events);
  return { ok: true, state: s, events };
}

/**
 * The effect interpreter (RULES.md §6): runs (and resumes) a card's
 * triggered or "when flipped" effect for the frame on top of the stack, one
 * action at a time, each through its type's handler (effects/handlers), and
 * answers the pending decisions those actions open. Costs, "if you do" and
 * "for each" are handled here, between actions.
 */
import { isSequenced, type Effect, type EffectAction } from "./schema";
import type { Color, Frame, GameEvent, GameState, Slot, SlotRef } from "../types";
import { ref, rowOf } from "../rules/board";
import { report } from "../describe/events";
import { promptFor } from "../describe/prompts";
import { triggerCardPresent } from "./triggers";
import { conditionHolds, type Src } from "./match";
import { costNeed, countOf } from "./sequence";
import { nextAction, srcOf } from "./handlers/common";
import { applyTo, handlerOf } from "./handlers";

/** The action the frame on top of the stack is at. */
function currentAction(s: GameState, f: Frame): EffectAction {
  return (s.cards[f.card].effect as { actions: EffectAction[] }).actions[f.ai];
}

/** The amount a "for each" multiplies (the schema allows "for each" only on types that have one). */
function perEach(a: EffectAction): number {
  const base = handlerOf(a).perEach;
  if (!base) throw new Error(`engine invariant: "for each" on a ${a.type} action`);
  return base(a);
}

/** The controller's "you may" answer (RULES.md §6 optional). */
export function answerOptional(s: GameState, yes: boolean, ev: GameEvent[] | null): void {
  const f = s.stack[s.stack.length - 1];
  if (yes) f.started = true;
  else {
    // Declining ends the effect step: only a rush flip goes on to copy and battle discards (RULES.md §4.3).
    f.stage = f.full ? "copy" : "done";
    if (ev) report(s, ev, { type: "effect", player: f.player, cards: [f.card] }, { fact: "declined", player: f.player, card: f.card });
  }
}

/**
 * Can every cost of an effect be paid in full now? Each cost action's
 * handler judges it alone (this card in place, enough matches, cards in
 * hand, Chaos Emeralds); types without a test can always be paid.
 */
function costPayable(s: GameState, src: Src, actions: readonly EffectAction[]): boolean {
  for (const a of actions) {
    if (!a.cost) break;
    const payable = handlerOf(a).payable;
    if (payable && !payable(s, src, a)) return false;
  }
  return true;
}

/** Before the first action: the trigger's card is still there, the condition holds, the cost can be paid, "you may" is asked. */
function start(s: GameState, f: Frame, ev: GameEvent[] | null): "go" | "done" | "wait" {
  const e = s.cards[f.card].effect as Effect;
  const src = srcOf(f);
  const about = { type: "effect" as const, player: f.player, cards: [f.card] };
  if (f.trigger !== "flip") {
    if (!triggerCardPresent(s, f.trigger, f.player, f.row, f.column, f.card)) {
      if (ev) report(s, ev, about, { fact: "trigger-gone", trigger: f.trigger, card: f.card });
      return "done";
    }
    if (ev) report(s, ev, about, { fact: "triggers", trigger: f.trigger, player: f.player, card: f.card });
  }
  if (e.condition && !conditionHolds(s, src, e.condition)) {
    if (ev) report(s, ev, about, { fact: "condition-unmet", card: f.card });
    return "done";
  }
  // An effect whose cost cannot be paid in full now does not resolve (nor ask "you may").
  const cost = isSequenced(e) && e.actions[0].cost === true;
  if (cost && !costPayable(s, src, e.actions)) {
    if (ev) report(s, ev, about, { fact: "cost-unpayable", actions: e.actions, card: f.card });
    return "done";
  }
  if (e.optional) {
    s.pending = { kind: "optional", player: f.player, slot: ref(f.player, f.row, f.column), card: f.card, prompt: promptFor(s, { ask: "use", card: f.card, actions: e.actions, cost }) };
    return "wait";
  }
  f.started = true;
  return "go";
}

/**
 * Run (or resume) the "when flipped" or triggered effect of the frame on top
 * of the stack (RULES.md §4.3 step 2, §6). Returns true when the effect is
 * finished, false when it waits for a pending decision or a nested flip.
 */
export function runFlipEffect(s: GameState, f: Frame, ev: GameEvent[] | null): boolean {
  const e = s.cards[f.card].effect;
  if (!e || e.trigger !== f.trigger) return true;
  if (!f.started) {
    const go = start(s, f, ev);
    if (go !== "go") return go === "done";
  }
  const seq = isSequenced(e);
  while (f.ai < e.actions.length) {
    // An emerald gained by an earlier action may have ended the game.
    if (s.winner !== null) return true;
    const a = e.actions[f.ai];
    const h = handlerOf(a);
    if (!seq) {
      // No cost, "if you do" or "for each": the plain loop.
      if (h.run(s, f, srcOf(f), a, ev) !== "next") return false;
      nextAction(f);
      continue;
    }
    if (f.amt < 0) {
      // The action starts: "if you do" needs the previous action to have happened; "for each" fixes the amount now.
      if (a.ifDone && f.last === 0) {
        if (ev) report(s, ev, { type: "effect", player: f.player, cards: [f.card] }, { fact: "previous-undone", action: a, card: f.card });
        nextAction(f);
        continue;
      }
      f.amt = a.forEach ? perEach(a) * countOf(s, srcOf(f), a.forEach, f.last) : 0;
      if (a.forEach && f.amt === 0) {
        if (ev) report(s, ev, { type: "effect", player: f.player, cards: [f.card] }, { fact: "comes-to-zero", action: a, card: f.card });
        nextAction(f);
        continue;
      }
    }
    // Re-read the card's position: a move or swap may have relocated it.
    if (h.run(s, f, srcOf(f), a, ev) !== "next") return false;
    if (a.cost && f.done < costNeed(a)) {
      // A cost that could not be paid in full (a triggered effect took what was to pay it): the rest does not resolve.
      if (ev) report(s, ev, { type: "effect", player: f.player, cards: [f.card] }, { fact: "cost-unpaid", action: a, card: f.card });
      return true;
    }
    nextAction(f);
  }
  return true;
}

/** Answer a target decision: the action's handler takes the slot, by default applying the action to the chosen card (RULES.md §6 "up to N"). */
export function answerTarget(s: GameState, t: SlotRef, ev: GameEvent[] | null): void {
  const f = s.stack[s.stack.length - 1];
  const a = currentAction(s, f);
  const slotAnswer = handlerOf(a).slot;
  if (slotAnswer) {
    slotAnswer(s, f, a, t, ev);
    return;
  }
  const slot = rowOf(s, t.player, t.row)[t.column - 1] as Slot;
  f.picked.push(slot.card);
  if (applyTo(s, f, srcOf(f), a, t.player, t.row, t.column - 1, ev)) f.done++;
}

/** Pass on a target decision: no more targets for this action. */
export function stopTargets(s: GameState): void {
  nextAction(s.stack[s.stack.length - 1]);
}

/** Answer a card decision: the action's handler takes the card (recover it, discard it, put it onto the field or back on the deck). */
export function answerCard(s: GameState, id: number, ev: GameEvent[] | null): void {
  const f = s.stack[s.stack.length - 1];
  const a = currentAction(s, f);
  const cardAnswer = handlerOf(a).card;
  if (!cardAnswer) throw new Error(`engine invariant: a card decision for a ${a.type} action`);
  cardAnswer(s, f, a, id, ev);
}

/** Answer a color chosen for a change-color effect. */
export function answerEffectColor(s: GameState, c: Color, ev: GameEvent[] | null): void {
  const f = s.stack[s.stack.length - 1];
  const t = f.sub as SlotRef;
  f.sub = null;
  const slot = rowOf(s, t.player, t.row)[t.column - 1];
  if (!slot) return;
  slot.color = c;
  if (ev) report(s, ev, { type: "color", player: t.player, cards: [slot.card] }, { fact: "recolored-chosen", card: slot.card, color: c, by: f.card });
}

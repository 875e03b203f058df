/**
 * Actions on field cards (RULES.md §6 targets): "this card", every match
 * ("all"), or up to N matches picked by the controller, at random (the
 * game's PRNG) or by the opponent, each pick a pending decision.
 */
import type { EffectAction, Selector } from "../schema";
import { nextInt } from "../../rng";
import type { Frame, GameEvent, GameState, Slot, SlotRef } from "../../types";
import { ref, rowOf } from "../../rules/board";
import { report } from "../../describe/events";
import { promptFor } from "../../describe/prompts";
import { selectorTargets, type Src } from "../match";
import { costNeed } from "../sequence";
import { nextAction, type Outcome } from "./common";
import { fieldCard } from "../../describe/facts";
import { applyTo, handlerOf } from "./index";

type Targeted = Extract<EffectAction, { target: unknown }>;

/** The slots an action may affect: its selector's matches, narrowed by the action type. */
export function actionTargets(s: GameState, src: Src, a: EffectAction, sel: Selector): SlotRef[] {
  const t = selectorTargets(s, src, sel);
  const h = handlerOf(a);
  return h.narrow ? h.narrow(s, src, t, sel) : t;
}

/** Is this card face up in its slot (where a "this card" cost is paid)? */
export function selfHere(s: GameState, src: Src): Slot | null {
  const x = rowOf(s, src.p, src.row)[src.ci];
  return x !== null && x.card === src.card && x.faceUp ? x : null;
}

/** A cost on field cards can be paid: this card is face up in its slot, or the selector has enough matches. */
export function targetPayable(s: GameState, src: Src, a: Targeted): boolean {
  if (a.target === "self") return selfHere(s, src) !== null;
  return actionTargets(s, src, a, a.target).length >= costNeed(a);
}

/** Run an action on field cards for its frame (the `run` of every targeted action type). */
export function runTargeted(s: GameState, f: Frame, src: Src, a: Targeted, ev: GameEvent[] | null): Outcome {
  const before = s.stack.length;
  if (a.target === "self") {
    if (f.picked.length > 0) return "next";
    f.picked.push(src.card);
    const slot = rowOf(s, src.p, src.row)[src.ci];
    if (slot && slot.card === src.card) {
      if (applyTo(s, f, src, a, src.p, src.row, src.ci, ev)) f.done++;
    } else {
      const gone = handlerOf(a).selfGone;
      if (gone && gone(s, f, ev)) f.done++;
    }
    return s.pending ? "wait" : s.stack.length > before ? "yield" : "next";
  }
  const sel = a.target;
  if (sel.count === "all") {
    // Targets are affected in slot order; nested flips are stacked in reverse so they also resolve in slot order.
    const targets = actionTargets(s, src, a, sel);
    if (handlerOf(a).stacksFrames) targets.reverse();
    for (const t of targets) if (applyTo(s, f, src, a, t.player, t.row, t.column - 1, ev)) f.done++;
    if (targets.length === 0 && ev) report(s, ev, { type: "effect", player: f.player, cards: [f.card] }, { fact: "no-target", action: a, by: f.card });
    // Nested flips (flip-up "all") resolve before the rest of this effect.
    if (s.stack.length > before) {
      nextAction(f);
      return "yield";
    }
    return "next";
  }
  for (;;) {
    if (f.picked.length >= sel.count) return "next";
    const options = actionTargets(s, src, a, sel).filter((t) => !f.picked.includes((rowOf(s, t.player, t.row)[t.column - 1] as Slot).card));
    if (options.length === 0) {
      if (f.picked.length === 0 && ev) report(s, ev, { type: "effect", player: f.player, cards: [f.card] }, { fact: "no-target", action: a, by: f.card });
      return "next";
    }
    if (sel.pick === "random") {
      // A random pick uses the game's PRNG: the same seed and actions give the same pick.
      const t = options[nextInt(s, options.length)];
      const x = rowOf(s, t.player, t.row)[t.column - 1] as Slot;
      f.picked.push(x.card);
      if (ev) report(s, ev, { type: "effect", player: f.player, cards: x.faceUp ? [x.card] : [], column: t.column }, { fact: "random-pick", target: fieldCard(x, t.player, t.row, t.column - 1), by: f.card });
      const depth = s.stack.length;
      if (applyTo(s, f, src, a, t.player, t.row, t.column - 1, ev)) f.done++;
      if (s.pending) return "wait";
      if (s.stack.length > depth) return "yield";
      continue;
    }
    const byOpponent = sel.pick === "opponent";
    const left = sel.count - f.picked.length;
    s.pending = {
      kind: "target",
      player: (byOpponent ? 1 - f.player : f.player) as 0 | 1,
      slot: ref(f.player, f.row, f.column),
      options,
      // A cost is paid in full: no pass.
      ...(byOpponent ? { required: true } : a.cost ? { required: true, cost: true } : {}),
      prompt: promptFor(s, { ask: "target", card: f.card, controller: f.player, action: a, left, by: byOpponent ? "opponent" : a.cost ? "cost" : "controller" }),
    };
    return "wait";
  }
}

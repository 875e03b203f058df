/**
 * How the heuristic values each effect action type (RULES.md §6), in one
 * table beside the interpreter's (effects/handlers): a mapped type makes a
 * missing or extra action type a compile error. Each entry gives
 *
 * - `value`: what the action is worth to the controller when its card is
 *   placed or flipped (ai/value.ts sums these for cards valued in detail);
 * - `vote`: a rough +1 / −1 for a "you may" (hurting the opponent's cards
 *   or helping one's own counts +1, the reverse −1);
 * - `worth`: what it brings or takes, weighed against a cost or an "if you
 *   do" (ai/sequence.ts);
 * - `detailed`: whether the action needs `value` at all — cards whose
 *   actions all say no (plain removals, draws, modifiers and protections
 *   with the usual selectors) get the heuristic's flat bonus for an effect
 *   instead, which keeps the games of the starter decks as they are.
 *
 * Reads only the player view.
 */
import type { CardDef, Color, Player } from "../types";
import type { Effect, EffectAction, Target } from "../effects/schema";
import type { CardRef, PlayerView, SlotView } from "../view";
import { AVG_RINGS, EMERALD, hitValue, WIN, type Here } from "./reach";

/** Own face-down chaos cards' best discard gain if one were flipped now as a rush flip (Dash Panel). */
export type GainOf = (c: CardDef, ci: number) => number;

/** What weighing a cost or an "if you do" reads (ai/sequence.ts). */
export interface Weigh {
  v: PlayerView;
  p: Player;
  self: { id: number; rings: number };
  /** How many times the action happens ("for each"; else 1). */
  times: number;
}

interface Valuation<A extends EffectAction> {
  value(v: PlayerView, h: Here, a: A, trigger: Effect["trigger"], gainOf: GainOf): number;
  vote(a: A): number;
  worth(w: Weigh, a: A): number;
  detailed(a: A): boolean;
}

/** A selector beyond "up to N matching cards of a side, row or column, the controller picking". */
function unusualSelector(t: Target): boolean {
  if (t === "self") return false;
  return (
    t.position === "battled" ||
    t.position === "adjacent-columns" ||
    t.pick !== undefined ||
    t.not !== undefined ||
    t.allTraits !== undefined ||
    (t.rings !== undefined && t.rings.value === "opposing")
  );
}

/** +1 when a target side is the opponent's, −1 when it is the controller's own (or this card). */
function sideSign(t: Target): number {
  if (t === "self") return -1;
  return t.owner === "opponent" ? 1 : t.owner === "you" ? -1 : 0;
}

/** A Chaos Emerald when weighing a cost, in ring-sized units (a third of a win). */
const WEIGH_EMERALD = 8;
/** A card drawn or discarded from a hand, when weighing a cost. */
const WEIGH_CARD = 2;

function faceUp(v: PlayerView, p: Player): SlotView[] {
  const side = v.players[p];
  return [...side.chaos, ...side.spare].filter((x): x is SlotView => x !== null && x.faceUp && x.card !== null);
}

/** The rings of the `n` weakest (or strongest) face-up cards of a side, other than the effect's own card. */
function pickRings(v: PlayerView, p: Player, self: number, n: number | "all", weakest: boolean): number[] {
  const r = faceUp(v, p)
    .filter((x) => x.card!.id !== self)
    .map((x) => x.rings ?? x.card!.card.rings)
    .sort((a, b) => (weakest ? a - b : b - a));
  return n === "all" ? r : r.slice(0, n);
}

/** Taking field cards away, weighed: the opponent's strongest against one's own weakest (`keep`: how final it is). */
function removalWorth(w: Weigh, t: Target, keep: number): number {
  if (t === "self") return -(w.self.rings + 1) * keep;
  const own = t.owner === "you";
  const mine = own ? pickRings(w.v, w.p, w.self.id, t.count, true) : [];
  const theirs = t.owner === "you" ? [] : pickRings(w.v, (1 - w.p) as Player, -1, t.count, false);
  const sum = (x: number[]) => x.reduce((s, r) => s + r + 1, 0);
  return (sum(theirs) - sum(mine)) * keep;
}

/** Anything else weighed against a cost counts a little for. */
const SOMETHING = (): number => 1;
const NOTHING = (): number => 0;
const ALWAYS = (): boolean => true;
/** Detailed only with an unusual selector. */
const bySelector = (a: { target: Target }): boolean => unusualSelector(a.target);

/**
 * What turning a face-up chaos card face down is worth to the effect's
 * controller: the card loses its modifiers and protections, but its owner
 * flips it again this rush — with its flip effect again (two cards that turn
 * each other face down would otherwise do so for ever).
 */
export function faceDownValue(x: SlotView, ours: boolean): number {
  const d = x.card?.card;
  const reflip = d?.effect?.trigger === "flip" ? 3 : 0;
  const v = 0.5 + 0.3 * Math.max(0, x.mod) + (x.protect ? 0.5 : 0) - reflip;
  return ours ? -v : v;
}

/** What a rush rule is worth to the controller now (or, at the play step, for the coming rush). */
export function rushRuleValue(v: PlayerView, h: Here, rule: "ignore-column-rule" | "no-copy-discards" | "lower-discarded" | "any-color", gainOf: GainOf): number {
  const me = v.players[h.me];
  const op = v.players[1 - h.me];
  switch (rule) {
    case "ignore-column-rule":
      return 1;
    case "any-color": {
      // This card's own battle: any opposing face-up card in its column that has more rings.
      let best = 0;
      for (const y of [op.spare[h.ci], op.chaos[h.ci]]) if (y !== null && y.faceUp && y.card !== null && (y.rings ?? 0) > h.card.rings) best = Math.max(best, (y.rings ?? 0) + 1);
      return best + (h.placing ? 0.5 : 0);
    }
    case "no-copy-discards": {
      // Saves our face-up cards from the opponent's remaining flips, costs our own copy discards (this flip's included).
      let risk = 0;
      let hidden = 0;
      for (let k = 0; k < 5; k++) if (op.chaos[k] !== null && !(op.chaos[k] as SlotView).faceUp) hidden++;
      for (const x of [...me.chaos, ...me.spare]) if (x !== null && x.faceUp && x.card !== null) risk += (x.card.card.rings + 2) * 0.06 * hidden;
      let cost = 0;
      for (let k = 0; k < 5; k++) {
        const x = me.chaos[k];
        if (x !== null && !x.faceUp && x.card !== null) cost += gainOf(x.card.card, -1);
      }
      cost += gainOf(h.card, -1);
      return risk - cost;
    }
    case "lower-discarded":
      return lowerValue(v, h);
  }
}

/**
 * "The lower card is discarded" for the rest of the rush: our flips then kill
 * opposing same-color cards with fewer rings instead of more, and the
 * opponent's flips kill our cards that have fewer rings than theirs. Good
 * when our cards still to flip are high, bad when our cards on the field are low.
 */
function lowerValue(v: PlayerView, h: Here): number {
  const me = v.players[h.me];
  const op = v.players[1 - h.me];
  let val = 0;
  const ours: { c: CardDef; k: number }[] = [{ c: h.card, k: h.ci }];
  for (let k = 0; k < 5; k++) {
    const x = me.chaos[k];
    if (x !== null && !x.faceUp && x.card !== null && k !== h.ci) ours.push({ c: x.card.card, k });
  }
  if (h.placing) {
    // Our other cards are not placed yet: compare our hand with the opposing spare row.
    const hand = (me.hand ?? []) as CardRef[];
    const avg = hand.length ? hand.reduce((a, c) => a + c.card.rings, 0) / hand.length : AVG_RINGS;
    return Math.max(-3, Math.min(3, avg - AVG_RINGS - 0.5));
  }
  for (const { c, k } of ours)
    for (const y of [op.spare[k], op.chaos[k]]) {
      if (y === null || !y.faceUp || y.card === null || !c.colors.includes(y.color as Color)) continue;
      const r = y.rings ?? y.card.card.rings;
      if (y.card.card.rings === c.rings) continue; // a copy discard either way
      const normal = r > c.rings ? r + 2 : 0;
      const lower = r < c.rings ? r + 2 : 0;
      val += lower - normal;
    }
  // The opponent's flips still to come against our face-up cards in their columns (their card unknown: average rings, 1 color in 4).
  for (let k = 0; k < 5; k++) {
    const y = op.chaos[k];
    if (y === null || y.faceUp) continue;
    for (const x of [me.spare[k], me.chaos[k]]) {
      if (x === null || !x.faceUp || x.card === null) continue;
      const r = x.rings ?? x.card.card.rings;
      const normal = r > AVG_RINGS ? r + 2 : 0;
      const lower = r < AVG_RINGS ? r + 2 : 0;
      val -= 0.25 * (lower - normal);
    }
  }
  return val;
}

type Valuations = { [K in EffectAction["type"]]: Valuation<Extract<EffectAction, { type: K }>> };

const VALUATIONS: Valuations = {
  discard: {
    value: (v, h, a, trigger) => hitValue(v, h, a.target, trigger === "discarded" || trigger === "battle-lost" ? 0 : -(h.card.rings + 2)),
    vote: (a) => sideSign(a.target),
    worth: (w, a) => removalWorth(w, a.target, 1),
    detailed: bySelector,
  },
  "return-to-hand": {
    // Back to hand is softer than a discard; "return this card" from the discard pile gets it back.
    value: (v, h, a, trigger) => 0.7 * hitValue(v, h, a.target, trigger === "discarded" ? 4 : -1),
    vote: (a) => sideSign(a.target),
    worth: (w, a) => removalWorth(w, a.target, 0.5),
    detailed: bySelector,
  },
  draw: {
    value: (v, h, a) => (a.who === "opponent" ? -1.5 : 1.5) * a.count,
    vote: (a) => (a.who === "you" ? 1 : -1),
    worth: (w, a) => (a.who === "you" ? WEIGH_CARD : -WEIGH_CARD) * a.count * w.times,
    detailed: () => false,
  },
  peek: {
    value: () => 0.3,
    vote: (a) => (a.target === "self" ? 0 : 1),
    worth: SOMETHING,
    detailed: bySelector,
  },
  "flip-up": {
    value: (v, h, a, trigger, gainOf) => {
      if (a.target === "self") return 0;
      if (a.target.owner === "you" && a.asRush) {
        // An extra rush flip of its best face-down card, with its copy and battle discards.
        const me = v.players[h.me];
        let best = h.placing ? 2 : 0;
        for (let k = 0; k < 5; k++) {
          const x = me.chaos[k];
          if (x !== null && !x.faceUp && x.card !== null && k !== h.ci) best = Math.max(best, 1 + 1.5 * gainOf(x.card.card, k));
        }
        return best;
      }
      return a.target.owner === "you" ? 0.5 : 1;
    },
    vote: (a) => (a.target === "self" ? 0 : 1),
    worth: SOMETHING,
    detailed: (a) => a.asRush === true || unusualSelector(a.target),
  },
  "modify-rings": {
    value: (v, h, a) => (a.add !== undefined ? 0.3 * Math.sign(hitValue(v, h, a.target, 1)) * a.add : 0),
    // More rings in battle protects one's own cards; fewer makes the opponent's easier to beat.
    vote: (a) => (a.set !== undefined ? 0 : -sideSign(a.target) * Math.sign(a.add ?? 0)),
    worth: SOMETHING,
    detailed: bySelector,
  },
  protect: {
    value: () => 0.4,
    vote: (a) => -sideSign(a.target),
    worth: SOMETHING,
    detailed: bySelector,
  },
  "change-color": {
    value: () => 0.4,
    vote: NOTHING,
    worth: SOMETHING,
    detailed: bySelector,
  },
  "score-rings": {
    // Score-step rings are in the card's score value (ai/heuristic.ts).
    value: NOTHING,
    vote: NOTHING,
    worth: SOMETHING,
    detailed: ALWAYS,
  },
  emerald: {
    value: (v, h, a) => {
      const mine = a.who !== "opponent";
      const e = v.emeralds[mine ? h.me : 1 - h.me] + a.add;
      if (a.add > 0 && e >= 3) return mine ? WIN : -WIN;
      return (mine ? 1 : -1) * EMERALD * a.add;
    },
    vote: (a) => (a.who === "you" ? 1 : -1) * Math.sign(a.add) * 3,
    worth: (w, a) => (a.who === "you" ? 1 : -1) * a.add * WEIGH_EMERALD,
    detailed: ALWAYS,
  },
  "win-ties": {
    // Valued with the continuous effects (ai/value.ts).
    value: NOTHING,
    vote: NOTHING,
    worth: SOMETHING,
    detailed: ALWAYS,
  },
  "turn-face-down": {
    value: (v, h, a) => {
      // "Up to N": the controller turns down only the cards worth it (faceDownValue).
      if (a.target === "self") return -0.5;
      const owners: Player[] = a.target.owner === "you" ? [h.me] : a.target.owner === "opponent" ? [(1 - h.me) as Player] : [0, 1];
      const xs: number[] = [];
      for (const p of owners)
        for (let k = 0; k < 5; k++) {
          const x = v.players[p].chaos[k];
          if (x === null || !x.faceUp || (p === h.me && k === h.ci)) continue;
          if (a.target.position === "same-column" && k !== h.ci) continue;
          xs.push(faceDownValue(x, p === h.me));
        }
      xs.sort((p, q) => q - p);
      let sum = 0;
      const n = a.target.count === "all" ? xs.length : Math.min(a.target.count, xs.length);
      for (let i = 0; i < n; i++) if (a.target.count === "all" || xs[i] > 0) sum += xs[i];
      return sum;
    },
    vote: (a) => sideSign(a.target),
    worth: (w, a) => removalWorth(w, a.target, 0.15),
    detailed: ALWAYS,
  },
  move: {
    // This card to the spare row: it is cleared at the next recharge instead of counting another turn.
    value: (v, h, a) => (a.target === "self" ? -1 : 0),
    vote: NOTHING,
    worth: SOMETHING,
    detailed: ALWAYS,
  },
  swap: {
    value: NOTHING,
    vote: NOTHING,
    worth: SOMETHING,
    detailed: ALWAYS,
  },
  put: {
    value: (v, h) => {
      if (h.placing) return 0.5;
      const empty = v.players[h.me].chaos.some((x) => x === null);
      return empty ? 3 : 0;
    },
    vote: () => 1,
    worth: SOMETHING,
    detailed: ALWAYS,
  },
  recover: {
    // Views in fast simulations leave discard piles out; from turn 2 on a pile is practically never empty.
    value: (v, h, a) => (v.players[h.me].discard.length > 0 || v.turn >= 2 ? 2 * a.count : 0),
    vote: () => 1,
    worth: (w, a) => WEIGH_CARD * a.count * w.times,
    detailed: ALWAYS,
  },
  "hand-discard": {
    value: (v, h, a) => (a.who === "you" ? -1.5 * a.count : 1.5 * Math.min(a.count, h.placing ? 2 : v.players[1 - h.me].handCount)),
    vote: (a) => (a.who === "opponent" ? a.count : -a.count),
    worth: (w, a) => (a.who === "you" ? -WEIGH_CARD * 0.75 : WEIGH_CARD * 0.75) * a.count * w.times,
    detailed: ALWAYS,
  },
  "look-deck": {
    value: NOTHING,
    vote: NOTHING,
    worth: SOMETHING,
    detailed: ALWAYS,
  },
  "look-hand": {
    value: NOTHING,
    vote: NOTHING,
    worth: SOMETHING,
    detailed: ALWAYS,
  },
  "next-flip": {
    value: (v, h, a) => (a.who === "opponent" ? -1 : 1.5),
    // An extra flip (you flip again) is worth having; handing the opponent the next flip is not.
    vote: (a) => (a.who === "you" ? 1 : -1),
    worth: SOMETHING,
    detailed: ALWAYS,
  },
  "rush-rule": {
    value: (v, h, a, trigger, gainOf) => rushRuleValue(v, h, a.rule, gainOf),
    vote: (a) => (a.rule === "no-copy-discards" ? 0 : 1),
    worth: SOMETHING,
    detailed: ALWAYS,
  },
};

function valuationOf<A extends EffectAction>(a: A): Valuation<A> {
  return VALUATIONS[a.type] as unknown as Valuation<A>;
}

/** The value of one action for the controller, resolving now (or at the play step: when the card is flipped). */
export function actionValue(v: PlayerView, h: Here, a: EffectAction, trigger: Effect["trigger"], gainOf: GainOf): number {
  return valuationOf(a).value(v, h, a, trigger, gainOf);
}

/**
 * A rough value of a "you may" effect's actions for its controller (the sum
 * of their votes). The heuristic says yes unless it is negative (RULES.md §6 optional).
 */
export function optionalValue(actions: readonly EffectAction[]): number {
  let v = 0;
  for (const a of actions) v += valuationOf(a).vote(a);
  return v;
}

/** What one action brings (negative: takes) when weighing a cost or an "if you do". */
export function actionWorth(w: Weigh, a: EffectAction): number {
  return valuationOf(a).worth(w, a);
}

/** Does valuing this action need its `value` (rather than the flat bonus for an effect)? */
export function isDetailed(a: EffectAction): boolean {
  return valuationOf(a).detailed(a);
}

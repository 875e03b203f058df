/**
 * The heuristic's answers to effect sequencing (docs/effects.md
 * "Sequencing"): whether a cost, or a "do X; if you do, Y" that loses
 * something, is worth it, and which of its own cards to give up. Values are
 * rough ring-sized units read from the player view only.
 */
import type { CardDef, Pending, Player, SlotRef } from "../types";
import { isSequenced, type Count, type Effect, type EffectAction } from "../effects/schema";
import type { PlayerView, SlotView } from "../view";
import { actionWorth } from "./action-values";

function faceUp(v: PlayerView, p: Player): SlotView[] {
  const side = v.players[p];
  return [...side.chaos, ...side.spare].filter((x): x is SlotView => x !== null && x.faceUp && x.card !== null);
}

/** A rough value of a "for each" count from the view. */
function estimate(v: PlayerView, p: Player, c: Count, previous: number): number {
  if ("previous" in c) return previous;
  if ("emeralds" in c) return v.emeralds[c.emeralds === "you" ? p : 1 - p];
  if ("zone" in c) {
    const side = v.players[c.who === "you" ? p : 1 - p];
    return c.zone === "hand" ? side.handCount : c.zone === "deck" ? side.deckCount : side.discard.length;
  }
  const k = c.cards;
  let n = 0;
  for (const q of [0, 1] as Player[]) {
    if ((k.owner === "you" && q !== p) || (k.owner === "opponent" && q === p)) continue;
    for (const x of faceUp(v, q)) {
      const d = (x.card as { card: CardDef }).card;
      if (k.traits && !k.traits.some((t) => d.traits.includes(t))) continue;
      if (k.colors && !k.colors.includes(x.color as never)) continue;
      if (k.titles && !k.titles.includes(d.title)) continue;
      n++;
    }
  }
  return Math.max(0, n - 1);
}

/** What one action is worth to the controller `p` (negative: a loss), through its type's valuation. */
function worth(v: PlayerView, p: Player, self: { id: number; rings: number }, a: EffectAction, previous: number): number {
  return actionWorth({ v, p, self, times: a.forEach ? estimate(v, p, a.forEach, previous) : 1 }, a);
}

/** Does the effect ask the heuristic to weigh a loss: a cost, or an "if you do"? */
function weighs(e: Effect): boolean {
  return isSequenced(e) && e.actions.some((a) => a.cost || a.ifDone);
}

/**
 * Pay a cost (or take a "do X; if you do, Y") only when what it brings is
 * worth more than what it takes; null for other effects (the plain "you may" rule applies).
 */
export function sequencedYes(v: PlayerView, p: Player, card: { id: number; card: CardDef }): boolean | null {
  const e = card.card.effect;
  if (!e || !weighs(e)) return null;
  let total = 0;
  let previous = 0;
  for (const a of e.actions) {
    const w = worth(v, p, { id: card.id, rings: card.card.rings }, a, previous);
    total += w;
    // What the previous action did, for "for each" of it: its count when it is a card count.
    previous = a.type === "hand-discard" || a.type === "draw" ? a.count : "target" in a && a.target !== "self" && typeof a.target.count === "number" ? a.target.count : 1;
  }
  return total > 0;
}

/** Does this action give up the controller's own field cards? */
function losesOwn(a: EffectAction): boolean {
  return (a.type === "discard" || a.type === "return-to-hand" || a.type === "turn-face-down") && a.target !== "self" && a.target.owner === "you";
}

/**
 * A target decision whose effect gives up the chooser's own cards ("discard
 * one of your cards; if you do, …", a cost): the weakest own card, and (when
 * the choice may be passed) pass rather than give up a card of more than 3
 * rings. Null when the heuristic's usual target rule applies.
 */
export function ownLossTarget(v: PlayerView, pd: Extract<Pending, { kind: "target" }>): SlotRef | "pass" | null {
  const p = pd.player;
  const src = slotAt(v, pd.slot);
  const e = src?.card?.card.effect;
  if (!e || !e.actions.some(losesOwn) || e.actions.some((a) => !losesOwn(a) && "target" in a && a.target !== "self" && a.target.owner === "you")) return null;
  let best: SlotRef | null = null;
  let br = Infinity;
  for (const o of pd.options) {
    if (o.player !== p) return null;
    const x = slotAt(v, o);
    const r = x?.rings ?? x?.card?.card.rings ?? 0;
    if (r < br) {
      br = r;
      best = o;
    }
  }
  if (best === null) return null;
  return !pd.required && br > 3 ? "pass" : best;
}

function slotAt(v: PlayerView, r: SlotRef): SlotView | null {
  const side = v.players[r.player];
  return (r.row === "chaos" ? side.chaos : side.spare)[r.column - 1];
}

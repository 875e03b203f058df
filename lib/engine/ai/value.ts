/**
 * How the heuristic values a card's effect when it places or flips it
 * (docs/effects.md): each action through its type's valuation
 * (ai/action-values.ts), weighted by the effect's trigger — when flipped,
 * while face up, at the score step, when moved to the spare row, when
 * discarded, when it wins or loses a battle, when an opposing card is
 * flipped in its column — and by the chance its condition holds. Reads only
 * the player view.
 *
 * Cards valued in detail are those whose trigger, condition or some action
 * needs it (`valuedInDetail`); the others get the heuristic's flat bonus
 * for having an effect, so games between decks of such cards (the starter
 * decks, the benchmark) are played as before.
 */
import type { CardDef, Color } from "../types";
import type { Condition, Effect } from "../effects/schema";
import type { PlayerView, SlotView } from "../view";
import { conditionChance, UNKNOWN_CARD, type Here } from "./reach";
import { actionValue, isDetailed, rushRuleValue, type GainOf } from "./action-values";

/** A condition beyond counting face-up cards of some color, trait or title (at least one). */
function unusualCondition(c: Condition): boolean {
  return !("owner" in c || "where" in c || "colors" in c || "traits" in c || "titles" in c) || ("min" in c && c.min !== undefined) || ("max" in c && c.max !== undefined);
}

function needsDetail(e: Effect): boolean {
  if (e.trigger !== "flip" && e.trigger !== "continuous") return true;
  if (e.condition && unusualCondition(e.condition)) return true;
  return e.actions.some(isDetailed);
}

const DETAILED = new WeakMap<CardDef, boolean>();

/** Is this card's effect valued in detail rather than by the flat bonus? (Cached per card definition.) */
export function valuedInDetail(c: CardDef): boolean {
  const e = c.effect;
  if (!e) return false;
  let x = DETAILED.get(c);
  if (x === undefined) {
    x = needsDetail(e);
    DETAILED.set(c, x);
  }
  return x;
}

/** Will this card battle when flipped in its column, and does it win? (null: no battle, as far as the view shows.) */
function battleOutcome(v: PlayerView, h: Here, lower: boolean): { won: boolean; y: SlotView } | null {
  const op = v.players[1 - h.me];
  let best: { won: boolean; y: SlotView } | null = null;
  for (const y of [op.spare[h.ci], op.chaos[h.ci]]) {
    if (y === null || !y.faceUp || y.card === null || !h.card.colors.includes(y.color as Color)) continue;
    const r = y.rings ?? y.card.card.rings;
    const won = lower ? r < h.card.rings : r > h.card.rings;
    // The flipping player picks: a win first.
    if (best === null || (won && !best.won)) best = { won, y };
  }
  return best;
}

/** The value of a card's effect for the heuristic, placed (or standing) at `h`, flipped now. */
function effectValue(v: PlayerView, h: Here, e: Effect, gainOf: GainOf, lower: boolean): number {
  let val = 0;
  const sumActions = (hh: Here): number => {
    let s = 0;
    for (const a of e.actions) s += actionValue(v, hh, a, e.trigger, gainOf);
    return s;
  };
  switch (e.trigger) {
    case "continuous":
      for (const a of e.actions) if (a.type === "win-ties") val += 1.5;
      // Score-step rings are in the card's score value; battle modifiers under a condition: a little.
      for (const a of e.actions) if (a.type === "modify-rings" && a.add !== undefined) val += 0.2 * a.add * conditionChance(v, { ...h, row: "spare" }, e.condition);
      return val;
    case "flip": {
      const p = conditionChance(v, h, e.condition);
      return p === 0 ? 0 : p * sumActions(h);
    }
    case "score": {
      // At this turn's score step (all cards face up by then) and, from the spare row, the next one's.
      let s = sumActions(h);
      if (h.placing && s < 2) s = Math.max(s, e.actions.some((a) => a.type === "discard") ? 3 : s);
      return (h.placing ? 1.5 : 1) * conditionChance(v, h, e.condition) * s;
    }
    case "to-spare":
      return 0.7 * conditionChance(v, h, e.condition) * sumActions({ ...h, row: "spare" });
    case "discarded":
      return 0.35 * sumActions(h);
    case "battle-won":
    case "battle-lost": {
      const b = battleOutcome(v, h, lower);
      if (b === null) return 0;
      if (b.won !== (e.trigger === "battle-won")) return 0;
      return conditionChance(v, h, e.condition) * sumActions({ ...h, battled: b.y });
    }
    case "opposing-flip": {
      // Only an opposing card flipped in this column after this one triggers it.
      const y = v.players[1 - h.me].chaos[h.ci];
      if (!h.placing && (y === null || y.faceUp)) return 0;
      const s = e.actions.reduce((acc, a) => acc + (("target" in a && a.target !== "self" && a.target.owner !== "you" ? 0.7 * UNKNOWN_CARD : 0) || actionValue(v, h, a, e.trigger, gainOf)), 0);
      return (h.placing ? 0.5 : 1) * s;
    }
    default:
      return 0;
  }
}

/** Placement bonus of a hand card valued in detail in column `ci` (instead of the flat "+1 for having an effect"). */
export function placementValue(v: PlayerView, c: CardDef, ci: number, gainOf: GainOf, lower: boolean): number {
  const h: Here = { me: v.viewer, card: c, id: -1, row: "chaos", ci, placing: true, battled: null };
  return effectValue(v, h, c.effect as Effect, gainOf, lower);
}

/**
 * Flip bonus of a face-down card of ours valued in detail in column `ci`.
 * Every chaos card is flipped in the rush anyway, so this counts only what
 * flipping it now rather than later changes: its battle now (battle-won /
 * battle-lost), an opposing flip still to come in its column (opposing-flip),
 * and a rush rule for the flips that remain ("the lower card is discarded",
 * "no copy discards"). Effects that do the same whenever they resolve count
 * nothing here. (Measured: also valuing the timing of removals and
 * conditions — wait while opposing cards are face down — lost about 2.5
 * points against the plain heuristic; docs/engine.md "Agents".)
 */
export function flipValue(v: PlayerView, c: CardDef, id: number, ci: number, gainOf: GainOf, lower: boolean): number {
  const h: Here = { me: v.viewer, card: c, id, row: "chaos", ci, placing: false, battled: null };
  const e = c.effect as Effect;
  if (e.trigger === "battle-won" || e.trigger === "battle-lost" || e.trigger === "opposing-flip") return effectValue(v, h, e, gainOf, lower);
  if (e.trigger !== "flip") return 0;
  let now = 0;
  for (const a of e.actions) if (a.type === "rush-rule" && (a.rule === "lower-discarded" || a.rule === "no-copy-discards")) now += rushRuleValue(v, h, a.rule, gainOf);
  return now === 0 ? 0 : conditionChance(v, h, e.condition) * now;
}

/**
 * What the heuristic reads from a player view to value an effect (RULES.md
 * §6): where the effect's card stands, the chance its condition holds, and
 * what the cards a selector matches are worth to the controller. Values are
 * in the heuristic's own units: about one unit per ring the opponent loses
 * from the field (a discarded card is worth its rings + 2).
 */
import { PROTECT_EFFECTS, type CardDef, type Color, type Player } from "../types";
import type { Condition, Selector, Target } from "../effects/schema";
import type { PlayerView, SideView, SlotView } from "../view";

/** An emerald is worth about a won score step; reaching 3 is the game. */
export const EMERALD = 12;
export const WIN = 40;
/** What an unknown card (hidden, or not on the field yet) is assumed to be worth as a target. */
export const UNKNOWN_CARD = 6;
/** Average printed rings assumed for a card nobody has seen. */
export const AVG_RINGS = 4;

/** Where the card whose effect is valued stands (or will stand). */
export interface Here {
  me: Player;
  card: CardDef;
  /** The card's instance id when it is on the field (-1: a hand card being placed). */
  id: number;
  row: "chaos" | "spare";
  /** Column index 0–4. */
  ci: number;
  /** At the play step the opposing chaos row is still unknown. */
  placing: boolean;
  /** The card this card battles (battle-won / battle-lost "battled"), if known. */
  battled: SlotView | null;
}

const cmp = (op: "lt" | "le" | "eq" | "ge" | "gt", a: number, b: number): boolean =>
  op === "lt" ? a < b : op === "le" ? a <= b : op === "eq" ? a === b : op === "ge" ? a >= b : a > b;

function slotsOf(side: SideView, row: "chaos" | "spare"): (SlotView | null)[] {
  return row === "chaos" ? side.chaos : side.spare;
}

/** How many face-up cards (not this one) match a card condition now. */
function countMatching(v: PlayerView, h: Here, c: Extract<Condition, { where: unknown }>): number {
  let n = 0;
  const owners: Player[] = c.owner === "you" ? [h.me] : c.owner === "opponent" ? [(1 - h.me) as Player] : [0, 1];
  for (const p of owners)
    for (const row of ["chaos", "spare"] as const) {
      const xs = slotsOf(v.players[p], row);
      for (let k = 0; k < 5; k++) {
        const x = xs[k];
        if (x === null || !x.faceUp || x.card === null) continue;
        if (x.card.id === h.id) continue;
        if (c.where === "same-column" && k !== h.ci) continue;
        if (c.where === "adjacent") {
          const sameSide = p === h.me;
          const ok = sameSide ? (row === h.row ? Math.abs(k - h.ci) === 1 : k === h.ci) : row === "spare" && h.row === "spare" && k === h.ci;
          if (!ok) continue;
        }
        const d = x.card.card;
        if (c.colors && !c.colors.includes(x.color as Color)) continue;
        if (c.traits && !c.traits.some((t) => d.traits.includes(t))) continue;
        if (c.titles && !c.titles.includes(d.title)) continue;
        n++;
      }
    }
  return n;
}

/**
 * The chance (0–1) that a condition holds when the effect resolves. Exact for
 * what the view settles (emeralds, lead, turn, zone sizes, row); card counts
 * read the face-up cards now, with some hope while cards are still to be flipped.
 */
export function conditionChance(v: PlayerView, h: Here, c: Condition | undefined): number {
  if (c === undefined) return 1;
  if ("not" in c) return 1 - conditionChance(v, h, c.not);
  if ("allOf" in c) return c.allOf.reduce((p, x) => p * conditionChance(v, h, x), 1);
  if ("anyOf" in c) return 1 - c.anyOf.reduce((p, x) => p * (1 - conditionChance(v, h, x)), 1);
  if ("emeralds" in c) {
    const d = v.emeralds[h.me] - v.emeralds[1 - h.me];
    return (c.emeralds === "fewer" ? d < 0 : c.emeralds === "same" ? d === 0 : d > 0) ? 1 : 0;
  }
  if ("lead" in c) return (v.lead === h.me) === c.lead ? 1 : 0;
  if ("turn" in c) return cmp(c.turn.op, v.turn, c.turn.value) ? 1 : 0;
  if ("row" in c) return c.row === h.row ? 1 : 0;
  if ("zone" in c) {
    const side = v.players[c.who === "opponent" ? 1 - h.me : h.me];
    let n: number;
    if (c.zone === "hand") n = side.hand !== null && h.placing && c.who !== "opponent" ? Math.max(0, side.hand.length - 5) : side.handCount;
    else if (c.zone === "deck") n = side.deckCount;
    else n = side.discard.length;
    return cmp(c.op, n, c.value) ? 1 : 0;
  }
  const n = countMatching(v, h, c);
  const min = c.min ?? 1;
  const max = c.max ?? Infinity;
  if (n > max) return 0;
  if (n >= min) return h.placing ? 0.8 : 1;
  // Not yet: more cards may turn face up before it resolves (placing: all of them are still to come).
  return h.placing ? 0.4 : 0.15;
}

/** The opposing face-up chaos card's rings in this card's column (the "opposing" ring test), or null. */
function opposingRings(v: PlayerView, h: Here, of: "printed" | "current"): number | null {
  const y = v.players[1 - h.me].chaos[h.ci];
  if (y === null || !y.faceUp || y.card === null) return null;
  return of === "printed" ? y.card.card.rings : (y.rings ?? y.card.card.rings);
}

/**
 * The value to the controller of each card a selector matches now: positive
 * for an opposing card (rings + 2), negative for one of its own. Hidden
 * face-down cards count as an unknown card when no filter rules them out.
 */
export function matchValues(v: PlayerView, h: Here, s: Selector): number[] {
  const out: number[] = [];
  if (s.position === "battled") {
    const y = h.battled;
    if (y !== null && y.card !== null) out.push(y.card.card.rings + 2);
    return out;
  }
  const owners: Player[] = s.owner === "you" ? [h.me] : s.owner === "opponent" ? [(1 - h.me) as Player] : [0, 1];
  const filtered = s.colors !== undefined || s.traits !== undefined || s.titles !== undefined || s.rings !== undefined || s.allTraits !== undefined || s.not !== undefined;
  let ref: number | null = null;
  if (s.rings !== undefined) ref = s.rings.value === "self" ? h.card.rings : s.rings.value === "opposing" ? opposingRings(v, h, s.rings.of) : s.rings.value;
  // At the play step the opposing chaos card is unknown: half the value of an average one.
  const weight = h.placing && s.rings !== undefined && s.rings.value === "opposing" ? 0.5 : 1;
  if (weight < 1) ref = AVG_RINGS + 1;
  for (const p of owners)
    for (const row of ["chaos", "spare"] as const) {
      if (s.row !== "any" && s.row !== row) continue;
      const xs = slotsOf(v.players[p], row);
      for (let k = 0; k < 5; k++) {
        const x = xs[k];
        if (x === null) continue;
        if (p === h.me && row === h.row && k === h.ci) continue; // never this card
        if (s.position === "same-column" && k !== h.ci) continue;
        if (s.position === "adjacent-columns" && Math.abs(k - h.ci) !== 1) continue;
        if (s.position === "adjacent") {
          const ok = p === h.me ? (row === h.row ? Math.abs(k - h.ci) === 1 : k === h.ci) : row === "spare" && h.row === "spare" && k === h.ci;
          if (!ok) continue;
        }
        if (s.face === "up" && !x.faceUp) continue;
        if (s.face === "down" && x.faceUp) continue;
        const sign = p === h.me ? -1 : 1;
        if (x.card === null) {
          if (!filtered) out.push(sign * UNKNOWN_CARD);
          continue;
        }
        if (x.protect & PROTECT_EFFECTS && p !== h.me) continue; // protected from the opponent's effects
        const d = x.card.card;
        const color = x.faceUp ? (x.color as Color) : null;
        if (s.colors && (color === null || !s.colors.includes(color))) continue;
        if (s.traits && !s.traits.some((t) => d.traits.includes(t))) continue;
        if (s.allTraits && !s.allTraits.every((t) => d.traits.includes(t))) continue;
        if (s.titles && !s.titles.includes(d.title)) continue;
        if (s.not) {
          if (s.not.colors && color !== null && s.not.colors.includes(color)) continue;
          if (s.not.traits && s.not.traits.some((t) => d.traits.includes(t))) continue;
          if (s.not.titles && s.not.titles.includes(d.title)) continue;
        }
        if (s.rings !== undefined) {
          if (ref === null) continue;
          const r = s.rings.of === "current" ? (x.rings ?? d.rings) : d.rings;
          if (!cmp(s.rings.op, r, ref)) continue;
        }
        out.push(weight * sign * ((x.faceUp ? (x.rings ?? d.rings) : d.rings) + 2));
      }
    }
  // At the play step the opposing chaos row is unknown: an unfiltered same-column or chaos-row pick has a card to hit later.
  if (h.placing && out.length === 0 && s.owner !== "you" && s.row !== "spare" && s.face !== "down" && !filtered) out.push(UNKNOWN_CARD * 0.5);
  return out;
}

/** What hitting the matches of a selector is worth to the controller (`count` picks, "all", random, the opponent's pick). */
export function hitValue(v: PlayerView, h: Here, t: Target, self: number): number {
  if (t === "self") return self;
  const xs = matchValues(v, h, t);
  if (xs.length === 0) return 0;
  if (t.count === "all") return xs.reduce((a, b) => a + b, 0);
  xs.sort((a, b) => b - a);
  const n = Math.min(t.count, xs.length);
  if (t.pick === "random") return (xs.reduce((a, b) => a + b, 0) / xs.length) * n;
  // The opponent picks what hurts them least; the controller picks the best, and may stop at a harmful one.
  if (t.pick === "opponent") return xs.slice(xs.length - n).reduce((a, b) => a + b, 0);
  let sum = 0;
  for (let i = 0; i < n; i++) if (xs[i] > 0) sum += xs[i];
  return sum;
}

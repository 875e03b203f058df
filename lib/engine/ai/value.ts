/**
 * How the heuristic agent values the effect language v2 (docs/effects.md
 * "Effect language v2"): triggers other than "when flipped" / "while face
 * up", scoring (emeralds, ties), zones, rush rules, conditions and the v2
 * selectors. Reads only the player view.
 *
 * Cards whose effects use only the version 1 kinds are valued as before
 * (`usesV2` is false for them), so games between version 1 decks — the
 * starter decks, the benchmark — are the same games as before.
 *
 * Values are in the heuristic's own units: about one unit per ring the
 * opponent loses from the field (a discarded card is worth its rings + 2).
 */
import { PROTECT_EFFECTS, type CardDef, type Color, type Player } from "../types";
import type { Condition, Effect, EffectAction, Selector, Target } from "../effects/schema";
import type { CardRef, PlayerView, SideView, SlotView } from "../view";

/** An emerald is worth about a won score step; reaching 3 is the game. */
const EMERALD = 12;
const WIN = 40;
/** What an unknown card (hidden, or not on the field yet) is assumed to be worth as a target. */
const UNKNOWN_CARD = 6;
/** Average printed rings assumed for a card nobody has seen. */
const AVG_RINGS = 4;

const V1_ACTIONS = new Set(["discard", "return-to-hand", "draw", "peek", "flip-up", "modify-rings", "protect", "change-color"]);

function selectorIsV2(t: Target): boolean {
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

function conditionIsV2(c: Condition): boolean {
  return !("owner" in c || "where" in c || "colors" in c || "traits" in c || "titles" in c) || ("min" in c && c.min !== undefined) || ("max" in c && c.max !== undefined);
}

function effectIsV2(e: Effect): boolean {
  if (e.trigger !== "flip" && e.trigger !== "continuous") return true;
  if (e.condition && conditionIsV2(e.condition)) return true;
  for (const a of e.actions) {
    if (!V1_ACTIONS.has(a.type)) return true;
    if (a.type === "flip-up" && a.asRush) return true;
    if ("target" in a && selectorIsV2(a.target)) return true;
  }
  return false;
}

const V2 = new WeakMap<CardDef, boolean>();

/** Does this card's effect use a kind of the effect language v2? (Cached per card definition.) */
export function usesV2(c: CardDef): boolean {
  const e = c.effect;
  if (!e) return false;
  let x = V2.get(c);
  if (x === undefined) {
    x = effectIsV2(e);
    V2.set(c, x);
  }
  return x;
}

/** Where the card whose effect is valued stands (or will stand). */
interface Here {
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
function matchValues(v: PlayerView, h: Here, s: Selector): number[] {
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
function hitValue(v: PlayerView, h: Here, t: Target, self: number): number {
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

/** Own face-down chaos cards' best discard gain if one were flipped now as a rush flip (Dash Panel). */
type GainOf = (c: CardDef, ci: number) => number;

/** The value of one action for the controller, resolving now (or at the play step: when the card is flipped). */
function actionValue(v: PlayerView, h: Here, a: EffectAction, trigger: Effect["trigger"], gainOf: GainOf): number {
  const me = v.players[h.me];
  const op = v.players[1 - h.me];
  switch (a.type) {
    case "discard":
      return hitValue(v, h, a.target, trigger === "discarded" || trigger === "battle-lost" ? 0 : -(h.card.rings + 2));
    case "return-to-hand":
      // Back to hand is softer than a discard; "return this card" from the discard pile gets it back.
      return 0.7 * hitValue(v, h, a.target, trigger === "discarded" ? 4 : -1);
    case "draw":
      return (a.who === "opponent" ? -1.5 : 1.5) * a.count;
    case "peek":
      return 0.3;
    case "flip-up": {
      if (a.target === "self") return 0;
      if (a.target.owner === "you" && a.asRush) {
        // An extra rush flip of its best face-down card, with its copy and battle discards.
        let best = h.placing ? 2 : 0;
        for (let k = 0; k < 5; k++) {
          const x = me.chaos[k];
          if (x !== null && !x.faceUp && x.card !== null && k !== h.ci) best = Math.max(best, 1 + 1.5 * gainOf(x.card.card, k));
        }
        return best;
      }
      return a.target.owner === "you" ? 0.5 : 1;
    }
    case "modify-rings":
      return a.add !== undefined ? 0.3 * Math.sign(hitValue(v, h, a.target, 1)) * a.add : 0;
    case "protect":
    case "change-color":
      return 0.4;
    case "emerald": {
      const mine = a.who !== "opponent";
      const e = v.emeralds[mine ? h.me : 1 - h.me] + a.add;
      if (a.add > 0 && e >= 3) return mine ? WIN : -WIN;
      return (mine ? 1 : -1) * EMERALD * a.add;
    }
    case "turn-face-down": {
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
    }
    case "move":
      // This card to the spare row: it is cleared at the next recharge instead of counting another turn.
      return a.target === "self" ? -1 : 0;
    case "swap":
      return 0;
    case "put": {
      if (h.placing) return 0.5;
      const empty = me.chaos.some((x) => x === null);
      return empty ? 3 : 0;
    }
    case "recover":
      // Views in fast simulations leave discard piles out; from turn 2 on a pile is practically never empty.
      return me.discard.length > 0 || v.turn >= 2 ? 2 * a.count : 0;
    case "hand-discard":
      return a.who === "you" ? -1.5 * a.count : 1.5 * Math.min(a.count, h.placing ? 2 : op.handCount);
    case "next-flip":
      return a.who === "opponent" ? -1 : 1.5;
    case "rush-rule":
      return rushRuleValue(v, h, a.rule, gainOf);
    default:
      return 0;
  }
}

/** What a rush rule is worth to the controller now (or, at the play step, for the coming rush). */
function rushRuleValue(v: PlayerView, h: Here, rule: "ignore-column-rule" | "no-copy-discards" | "lower-discarded" | "any-color", gainOf: GainOf): number {
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

/** The value of a card's v2 effect for the heuristic, placed (or standing) at `h`, flipped now. */
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

/** Placement bonus of a hand card with a v2 effect in column `ci` (replaces the plain "+1 for having an effect"). */
export function placementValue(v: PlayerView, c: CardDef, ci: number, gainOf: GainOf, lower: boolean): number {
  const h: Here = { me: v.viewer, card: c, id: -1, row: "chaos", ci, placing: true, battled: null };
  return effectValue(v, h, c.effect as Effect, gainOf, lower);
}

/**
 * Flip bonus of a face-down card of ours with a v2 effect in column `ci`.
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

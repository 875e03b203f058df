/**
 * The heuristic agent: places cards against the opponent's known spare row,
 * orders flips to set up battle and copy discards, and protects its own high
 * cards by flipping them late. Reads only the player view.
 */
import { PROTECT_BATTLE, PROTECT_COPY, type Action, type CardDef, type Color, type Lasting, type Pending, type SlotRef } from "../types";
import { flipMaskForView, type CardRef, type PlayerView, type SideView, type SlotView } from "../view";
import type { Agent, AgentOptions } from "./types";
import { flipValue, placementValue, valuedInDetail } from "./value";
import { faceDownValue, optionalValue } from "./action-values";
import { ownLossTarget, sequencedYes } from "./sequence";

const COLOR_INDEX: Record<Color, number> = { blue: 0, red: 1, yellow: 2, gray: 3 };

/**
 * What the opponent's face-up cards offer, computed once per decision:
 * `copy[color][rings]` sums `rings + 2` over the opposing face-up cards of
 * that active color and printed rings that copy discard can remove.
 */
interface Targets {
  op: SideView;
  copy: number[][];
  /** Lasting rush rules in force: "the lower card is discarded", "no copy discards". */
  lower: boolean;
  noCopy: boolean;
}

/** Does anybody's lasting rule hold in the view? (Rules "while on the field" only while their card is face up.) */
function anyRuleHolds(v: PlayerView, rule: Lasting["rule"]): boolean {
  for (const x of v.lasting) {
    if (x.rule !== rule) continue;
    if (x.until !== "field") return true;
    for (const side of v.players) for (const y of [...side.chaos, ...side.spare]) if (y !== null && y.faceUp && y.card?.id === x.card) return true;
  }
  return false;
}

function targetsOf(v: PlayerView, plain = false): Targets {
  const op = v.players[1 - v.viewer];
  const copy: number[][] = [[], [], [], []];
  for (let k = 0; k < 5; k++) {
    for (let r = 0; r < 2; r++) {
      const y = r === 0 ? op.chaos[k] : op.spare[k];
      if (y === null || !y.faceUp || y.protect & PROTECT_COPY) continue;
      const rings = (y.card as CardRef).card.rings;
      const t = copy[COLOR_INDEX[y.color as Color]];
      t[rings] = (t[rings] ?? 0) + rings + 2;
    }
  }
  if (v.lasting.length === 0 || plain) return { op, copy, lower: false, noCopy: false };
  return { op, copy, lower: anyRuleHolds(v, "lower-discarded"), noCopy: anyRuleHolds(v, "no-copy-discards") };
}

function battleGain(t: Targets, y: SlotView | null, c: CardDef, color: Color, myRings: number, best: number): number {
  if (y === null || !y.faceUp || y.color !== color || y.protect & PROTECT_BATTLE) return best;
  if (!t.noCopy && (y.card as CardRef).card.rings === c.rings) return best; // already counted as a copy discard
  const r = y.rings as number;
  // "The lower card is discarded" (a lasting rush rule) turns the comparison around.
  return (t.lower ? r < myRings : r > myRings) && r + 1 > best ? r + 1 : best;
}

/** Rings the viewer would remove from the opponent by flipping `c` with active color `color` in column `ci` (copy + battle discards). */
function flipGain(t: Targets, c: CardDef, color: Color, ci: number, myRings: number): number {
  const g = t.noCopy ? 0 : (t.copy[COLOR_INDEX[color]][c.rings] ?? 0);
  return g + battleGain(t, t.op.chaos[ci], c, color, myRings, battleGain(t, t.op.spare[ci], c, color, myRings, 0));
}

/** Copy discards only (no column): what `c` would copy-discard if flipped now, in its best color. */
function copyGain(t: Targets, c: CardDef): number {
  let g = 0;
  for (const col of c.colors) g = Math.max(g, t.copy[COLOR_INDEX[col]][c.rings] ?? 0);
  return t.noCopy ? 0 : g;
}

/** The discard gain of a card flipped in column index `ci` (−1: copy discards only), for the detailed effect valuation. */
function gainFn(t: Targets): (c: CardDef, ci: number) => number {
  return (c, ci) => (ci < 0 ? copyGain(t, c) : bestGain(t, c, ci, c.rings));
}

function bestGain(t: Targets, c: CardDef, ci: number, myRings: number): number {
  let gain = flipGain(t, c, c.colors[0], ci, myRings);
  for (let i = 1; i < c.colors.length; i++) {
    const g = flipGain(t, c, c.colors[i], ci, myRings);
    if (g > gain) gain = g;
  }
  return gain;
}

/**
 * The rings a card is expected to count at the score step: printed rings, or
 * what its own "while face up" score-step effect makes of them.
 */
function scoreValue(c: CardDef): number {
  const e = c.effect;
  if (!e || e.trigger !== "continuous") return c.rings;
  let v = c.rings;
  for (const a of e.actions) {
    if (a.type !== "score-rings" || a.target !== "self") continue;
    if (a.set !== undefined) v = a.set;
    else v += a.add ?? 0;
  }
  return v < 0 ? 0 : v;
}

/**
 * Heuristic placement (RULES.md §4.1): greedy assignment of hand cards to
 * columns by expected value. `plain` leaves the detailed effect valuation out of
 * the valuation (the heuristic as it was before; a baseline for simulations).
 * `blocked` (a bit per column) keeps columns empty: the expert's belief about
 * the cards the opponent placed in its face-down columns (ai/belief.ts).
 */
export function heuristicPlacement(v: PlayerView, plain = false, blocked = 0): Action {
  const p = v.viewer;
  const hand = v.players[p].hand as CardRef[];
  let open = 0;
  for (let k = 0; k < 5; k++) if (!(blocked & (1 << k))) open++;
  const need = Math.min(open, hand.length);
  const t = targetsOf(v, plain);
  // Score every (card, column) pair, then take the best pairs greedily
  // (ties: lower hand index, then lower column) until `need` cards are placed.
  const n = hand.length;
  const score = new Float64Array(n * 5);
  let gainOf: ((c: CardDef, ci: number) => number) | null = null;
  for (let i = 0; i < n; i++) {
    const c = hand[i].card;
    if (!plain && valuedInDetail(c)) {
      // What the effect is worth in each column replaces the flat "+1 for an effect".
      gainOf ??= gainFn(t);
      const base = scoreValue(c) * 0.8;
      for (let k = 0; k < 5; k++) score[i * 5 + k] = base + 1.5 * bestGain(t, c, k, c.rings) + placementValue(v, c, k, gainOf, t.lower);
      continue;
    }
    const base = scoreValue(c) * 0.8 + (c.effect ? 1 : 0);
    for (let k = 0; k < 5; k++) score[i * 5 + k] = base + 1.5 * bestGain(t, c, k, c.rings);
  }
  const cards: (number | null)[] = [null, null, null, null, null];
  const used = new Uint8Array(n);
  for (let placed = 0; placed < need; placed++) {
    let bi = -1;
    let bk = -1;
    let bs = -Infinity;
    for (let i = 0; i < n; i++) {
      if (used[i]) continue;
      for (let k = 0; k < 5; k++) {
        if (cards[k] !== null || blocked & (1 << k)) continue;
        const x = score[i * 5 + k];
        if (x > bs) {
          bs = x;
          bi = i;
          bk = k;
        }
      }
    }
    used[bi] = 1;
    cards[bk] = hand[bi].id;
  }
  return { type: "place", player: p, cards };
}

/**
 * Heuristic flip (RULES.md §4.2): immediate discards first, then low cards
 * before high ones in exposed columns; an effect valued in detail adds
 * what it does if flipped now (unless `plain`).
 */
export function heuristicFlip(v: PlayerView, plain = false): Action {
  const p = v.viewer;
  const me = v.players[p];
  const op = v.players[1 - p];
  const m = flipMaskForView(v);
  const t = targetsOf(v, plain);
  let best = -1;
  let bestScore = -Infinity;
  for (let ci = 0; ci < 5; ci++) {
    if (!(m & (1 << ci))) continue;
    const ref = (me.chaos[ci] as SlotView).card as CardRef;
    const c = ref.card;
    const gain = bestGain(t, c, ci, c.rings);
    const exposed = op.chaos[ci] !== null && !(op.chaos[ci] as SlotView).faceUp;
    let score = 1.5 * gain - (exposed ? 0.4 * c.rings : 0.05 * c.rings);
    if (!plain && valuedInDetail(c)) score += flipValue(v, c, ref.id, ci, gainFn(t), t.lower);
    if (score > bestScore) {
      bestScore = score;
      best = ci;
    }
  }
  return { type: "flip", player: p, column: best + 1 };
}

/** A card of the view by instance id (its field, hand, discard pile, or a hand or deck card it has seen), or null when the view does not show it. */
function findCard(v: PlayerView, id: number): CardDef | null {
  for (const side of v.players) {
    for (const x of side.chaos) if (x?.card?.id === id) return x.card.card;
    for (const x of side.spare) if (x?.card?.id === id) return x.card.card;
    for (const c of side.discard) if (c.id === id) return c.card;
    if (side.hand) for (const c of side.hand) if (c.id === id) return c.card;
    for (const c of side.knownHand) if (c.id === id) return c.card;
    for (const k of side.knownDeck) if (k.card.id === id) return k.card.card;
  }
  return null;
}

function slotOf(v: PlayerView, r: SlotRef): SlotView | null {
  const side = v.players[r.player];
  return (r.row === "chaos" ? side.chaos : side.spare)[r.column - 1];
}

/** Is the target decision about a card whose effect flips one of its owner's cards as a rush flip? */
function rushFlipOwn(v: PlayerView, r: SlotRef): boolean {
  const e = slotOf(v, r)?.card?.card.effect;
  return !!e && e.actions.some((a) => a.type === "flip-up" && a.asRush === true && a.target !== "self" && a.target.owner === "you");
}

/** Is the target decision about a card whose effect turns cards face down? */
function turnsDown(v: PlayerView, r: SlotRef): boolean {
  const e = slotOf(v, r)?.card?.card.effect;
  return !!e && e.actions.some((a) => a.type === "turn-face-down");
}

/** Heuristic answer to a pending decision (RULES.md §4.3, §6); `plain`: without the refinements for rush rules, rush flips and turning face down. */
export function heuristicDecision(v: PlayerView, pd: Pending, plain = false): Action {
  const p = pd.player;
  switch (pd.kind) {
    case "color": {
      const s = slotOf(v, pd.slot);
      if (pd.reason === "flip" && s && s.card) {
        const t = targetsOf(v, plain);
        let color = pd.options[0];
        let gain = -1;
        for (const o of pd.options) {
          const g = flipGain(t, s.card.card, o, pd.slot.column - 1, s.card.card.rings);
          if (g > gain) {
            gain = g;
            color = o;
          }
        }
        return { type: "choose", player: p, color };
      }
      // Recoloring: an opposing card takes a color none of our face-up cards shares in its column; ours keeps its first printed color.
      return { type: "choose", player: p, color: pd.options[pd.slot.player === p ? 0 : pd.options.length - 1] };
    }
    case "optional": {
      // The controller's own card: found in the view (field, hand or discard pile); unknown means yes.
      const c = findCard(v, pd.card);
      // A cost or an "if you do" is weighed against what it brings.
      const paid = c === null ? null : sequencedYes(v, p, { id: pd.card, card: c });
      return { type: "choose", player: p, yes: paid ?? (c === null || c.effect == null || optionalValue(c.effect.actions) >= 0) };
    }
    case "battle": {
      const mine = slotOf(v, pd.slot);
      const myRings = mine?.rings ?? 0;
      // "The lower card is discarded" turns the battle around; a card that
      // discards the card it battled when it loses (Jet the Hawk) kills whichever it picks.
      const lower = !plain && v.lasting.length > 0 && anyRuleHolds(v, "lower-discarded");
      const eff = plain ? null : (mine?.card?.card.effect ?? null);
      const killsAny = eff !== null && eff.trigger === "battle-lost" && eff.actions.some((a) => a.type === "discard" && a.target !== "self" && a.target.position === "battled");
      let best = pd.options[0];
      let br = -1;
      for (const o of pd.options) {
        const r = slotOf(v, o)?.rings ?? 0;
        const val = killsAny || (lower ? r < myRings : r > myRings) ? 100 + r : r;
        if (val > br) {
          br = val;
          best = o;
        }
      }
      return { type: "choose", player: p, slot: best };
    }
    case "target": {
      // Giving up its own cards (a cost, "if you do"): the weakest, or none.
      const own = ownLossTarget(v, pd);
      if (own !== null) return own === "pass" ? { type: "pass", player: p } : { type: "choose", player: p, slot: own };
      let best = pd.options[0];
      let br = -Infinity;
      if (!plain && rushFlipOwn(v, pd.slot)) {
        // "Flip this as a rush flip" on one of our face-down cards: the one whose copy and battle discards gain most.
        const t = targetsOf(v);
        for (const o of pd.options) {
          const c = slotOf(v, o)?.card?.card;
          const val = c ? bestGain(t, c, o.column - 1, c.rings) : -1;
          if (val > br) {
            br = val;
            best = o;
          }
        }
        return { type: "choose", player: p, slot: best };
      }
      if (!plain && !pd.required && turnsDown(v, pd.slot)) {
        // Turning a card face down: only one worth it (never a card whose flip effect its owner would use again), else stop.
        for (const o of pd.options) {
          const s = slotOf(v, o);
          const val = s ? faceDownValue(s, o.player === p) : -1;
          if (val > br) {
            br = val;
            best = o;
          }
        }
        return br > 0 ? { type: "choose", player: p, slot: best } : { type: "pass", player: p };
      }
      for (const o of pd.options) {
        const s = slotOf(v, o);
        const r = s?.rings ?? 3;
        // The opponent's effect makes us pick (a required pick): spare our best cards, hit theirs.
        const val = pd.required ? (o.player !== p ? 100 + r : -r) : (o.player !== p ? 100 : 0) + r;
        if (val > br) {
          br = val;
          best = o;
        }
      }
      return { type: "choose", player: p, slot: best };
    }
    case "card": {
      if (pd.purpose === "deck-bottom") return deckBottom(v, pd.options);
      // Recover or put its best card (most rings), draw its best card first; give up its worst when it must discard.
      let best = pd.options[0];
      let br = -Infinity;
      for (const id of pd.options) {
        const c = findCard(v, id);
        const r = c === null ? 0 : pd.purpose === "hand-discard" ? -c.rings : c.rings;
        if (r > br) {
          br = r;
          best = id;
        }
      }
      return { type: "choose", player: p, card: best };
    }
    case "correction":
      // Manual corrections are for people (RULES.md §6): an agent never makes one, it is done at once.
      return { type: "pass", player: p };
  }
}

/**
 * Put a looked-at card at the bottom of the deck: the one with the fewest
 * rings, when it has fewer than an average card of the deck list (what an
 * unknown draw is worth); otherwise keep the rest on top (pass).
 */
function deckBottom(v: PlayerView, options: number[]): Action {
  const p = v.viewer;
  // Without the deck lists (fast playouts), the cards of its own hand stand for an average card.
  const list = v.deckLists?.[p] ?? (v.players[p].hand ?? []).map((c) => c.card);
  let sum = 0;
  for (const c of list) sum += c.rings;
  const mean = list.length > 0 ? sum / list.length : 0;
  let worst = -1;
  let wr = Infinity;
  for (const id of options) {
    const r = findCard(v, id)?.rings ?? mean;
    if (r < wr) {
      wr = r;
      worst = id;
    }
  }
  return worst >= 0 && wr < mean ? { type: "choose", player: p, card: worst } : { type: "pass", player: p };
}

/** The heuristic choice for the viewer (who must act now); `plain`: without the detailed effect valuation. */
export function heuristicChoice(v: PlayerView, plain = false): Action {
  if (v.pending !== null) return heuristicDecision(v, v.pending as Pending, plain);
  if (v.step === "play") return heuristicPlacement(v, plain);
  return heuristicFlip(v, plain);
}

/** The heuristic agent. */
export const heuristicAgent: Agent = {
  name: "heuristic",
  chooseAction(view: PlayerView, _opts: AgentOptions): Action {
    return heuristicChoice(view);
  },
};

/**
 * The heuristic without the detailed effect valuation (a baseline for
 * simulations: `npm run sim -- --agents heuristic,heuristic-plain`).
 * Identical to `heuristicAgent` on decks whose cards none is valued in
 * detail (ai/value.ts `valuedInDetail`).
 */
export const plainHeuristicAgent: Agent = {
  name: "heuristic-plain",
  chooseAction(view: PlayerView, _opts: AgentOptions): Action {
    return heuristicChoice(view, true);
  },
};


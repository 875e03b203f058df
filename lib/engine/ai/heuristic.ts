/**
 * The heuristic agent: places cards against the opponent's known spare row,
 * orders flips to set up battle and copy discards, and protects its own high
 * cards by flipping them late. Reads only the player view.
 */
import { PROTECT_BATTLE, PROTECT_COPY, type Action, type CardDef, type Color, type Pending, type SlotRef } from "../types";
import { flipMaskForView, type CardRef, type PlayerView, type SlotView } from "../view";
import type { Agent, AgentOptions } from "./types";

/** Rings the viewer would remove from the opponent by flipping `c` with active color `color` in column `ci` (copy + battle discards). */
function flipGain(v: PlayerView, c: CardDef, color: Color, ci: number, myRings: number): number {
  const op = v.players[1 - v.viewer];
  let g = 0;
  for (let k = 0; k < 5; k++) {
    for (const y of [op.chaos[k], op.spare[k]]) {
      if (y === null || !y.faceUp || y.color !== color) continue;
      const yc = (y.card as CardRef).card;
      if (yc.rings === c.rings && !(y.protect & PROTECT_COPY)) g += yc.rings + 2;
    }
  }
  let best = 0;
  for (const y of [op.spare[ci], op.chaos[ci]]) {
    if (y === null || !y.faceUp || y.color !== color || y.protect & PROTECT_BATTLE) continue;
    const yc = (y.card as CardRef).card;
    if (yc.rings === c.rings) continue; // already counted as a copy discard
    if ((y.rings as number) > myRings && (y.rings as number) + 1 > best) best = (y.rings as number) + 1;
  }
  return g + best;
}

function bestColor(v: PlayerView, c: CardDef, ci: number, myRings: number): { color: Color; gain: number } {
  let color = c.colors[0];
  let gain = flipGain(v, c, color, ci, myRings);
  for (let i = 1; i < c.colors.length; i++) {
    const g = flipGain(v, c, c.colors[i], ci, myRings);
    if (g > gain) {
      gain = g;
      color = c.colors[i];
    }
  }
  return { color, gain };
}

/** Heuristic placement (RULES.md §4.1): greedy assignment of hand cards to columns by expected value. */
export function heuristicPlacement(v: PlayerView): Action {
  const p = v.viewer;
  const hand = v.players[p].hand as CardRef[];
  const need = Math.min(5, hand.length);
  const scores: { i: number; k: number; s: number }[] = [];
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i].card;
    const base = c.rings * 0.8 + (c.effect ? 1 : 0);
    for (let k = 0; k < 5; k++) scores.push({ i, k, s: base + 1.5 * bestColor(v, c, k, c.rings).gain });
  }
  scores.sort((a, b) => b.s - a.s || a.i - b.i || a.k - b.k);
  const cards: (number | null)[] = [null, null, null, null, null];
  const usedCard = hand.map(() => false);
  let placed = 0;
  for (const x of scores) {
    if (placed === need) break;
    if (usedCard[x.i] || cards[x.k] !== null) continue;
    usedCard[x.i] = true;
    cards[x.k] = hand[x.i].id;
    placed++;
  }
  return { type: "place", player: p, cards };
}

/** Heuristic flip (RULES.md §4.2): immediate discards first, then low cards before high ones in exposed columns. */
export function heuristicFlip(v: PlayerView): Action {
  const p = v.viewer;
  const me = v.players[p];
  const op = v.players[1 - p];
  const m = flipMaskForView(v);
  let best = -1;
  let bestScore = -Infinity;
  for (let ci = 0; ci < 5; ci++) {
    if (!(m & (1 << ci))) continue;
    const c = ((me.chaos[ci] as SlotView).card as CardRef).card;
    const { gain } = bestColor(v, c, ci, c.rings);
    const exposed = op.chaos[ci] !== null && !(op.chaos[ci] as SlotView).faceUp;
    const score = 1.5 * gain - (exposed ? 0.4 * c.rings : 0.05 * c.rings);
    if (score > bestScore) {
      bestScore = score;
      best = ci;
    }
  }
  return { type: "flip", player: p, column: best + 1 };
}

function slotOf(v: PlayerView, r: SlotRef): SlotView | null {
  const side = v.players[r.player];
  return (r.row === "chaos" ? side.chaos : side.spare)[r.column - 1];
}

/** Heuristic answer to a pending decision (RULES.md §4.3, §6). */
export function heuristicDecision(v: PlayerView, pd: Pending): Action {
  const p = pd.player;
  switch (pd.kind) {
    case "color": {
      const s = slotOf(v, pd.slot);
      if (pd.reason === "flip" && s && s.card) {
        let color = pd.options[0];
        let gain = -1;
        for (const o of pd.options) {
          const g = flipGain(v, s.card.card, o, pd.slot.column - 1, s.card.card.rings);
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
    case "optional":
      return { type: "choose", player: p, yes: true };
    case "battle": {
      const mine = slotOf(v, pd.slot);
      const myRings = mine?.rings ?? 0;
      let best = pd.options[0];
      let br = -1;
      for (const o of pd.options) {
        const r = slotOf(v, o)?.rings ?? 0;
        const val = r > myRings ? 100 + r : r;
        if (val > br) {
          br = val;
          best = o;
        }
      }
      return { type: "choose", player: p, slot: best };
    }
    case "target": {
      let best = pd.options[0];
      let br = -Infinity;
      for (const o of pd.options) {
        const s = slotOf(v, o);
        const r = s?.rings ?? 3;
        const val = (o.player !== p ? 100 : 0) + r;
        if (val > br) {
          br = val;
          best = o;
        }
      }
      return { type: "choose", player: p, slot: best };
    }
    case "correction":
      // Manual corrections are for people (RULES.md §6): an agent never makes one, it is done at once.
      return { type: "pass", player: p };
  }
}

/** The heuristic choice for the viewer (who must act now). */
export function heuristicChoice(v: PlayerView): Action {
  if (v.pending !== null) return heuristicDecision(v, v.pending as Pending);
  if (v.step === "play") return heuristicPlacement(v);
  return heuristicFlip(v);
}

/** The heuristic agent. */
export const heuristicAgent: Agent = {
  name: "heuristic",
  chooseAction(view: PlayerView, _opts: AgentOptions): Action {
    return heuristicChoice(view);
  },
};


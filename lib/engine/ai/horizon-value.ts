/**
 * The expert's value of a sampled position at its playout horizon: the
 * chance that `me` wins from the start of a play step (after the recharge),
 * by a logistic model fitted on heuristic self-play (`npm run fit:value`,
 * scripts/fit-horizon-value.ts). Its inputs are what decides the next turns:
 * both players' emeralds (one weight per pair of counts: 2–1 is not 1–0), who
 * leads, the printed rings of the face-up spare rows (they count at the next
 * score step) and the best five cards in each hand (the next placement). A
 * sample is built from the viewer's view (ai/determinize.ts), so the
 * opponent's hand here is a sampled one, not the real one.
 */
import type { GameState, Player } from "../types";

/** Weights of the logistic model: one per emerald pair (index 3·mine + theirs), then lead, spare rings, hand rings. */
export interface HorizonWeights {
  cell: number[];
  lead: number;
  spare: number;
  hand: number;
}

/**
 * Fitted by `npm run fit:value` (20,000 heuristic self-play games on the expert's five deck pairings, seeds
 * 900000 on; 163,852 positions, log loss 0.634 against 0.693 for a coin).
 */
export const HORIZON_WEIGHTS: HorizonWeights = {
  cell: [0.0828, -0.4217, -1.3006, 0.5873, 0.0828, -0.6846, 1.4662, 0.8503, 0.0828],
  lead: -0.1656,
  spare: 0.0288,
  hand: 0.0464,
};

function spareRings(s: GameState, p: Player): number {
  let t = 0;
  for (const x of s.players[p].spare) if (x !== null && x.faceUp) t += s.cards[x.card].rings;
  return t;
}

/** The printed rings of the best five cards of a hand (the five it can place next). */
function bestFive(s: GameState, p: Player): number {
  const top = [0, 0, 0, 0, 0];
  for (const id of s.players[p].hand) {
    let r = s.cards[id].rings;
    for (let i = 0; i < 5; i++)
      if (r > top[i]) {
        const t = top[i];
        top[i] = r;
        r = t;
      }
  }
  return top[0] + top[1] + top[2] + top[3] + top[4];
}

/** The model's inputs for `me`: [my emeralds, theirs, 1 if I lead, spare rings mine − theirs, best-five hand rings mine − theirs]. */
export function horizonFeatures(s: GameState, me: Player): [number, number, number, number, number] {
  const o = (1 - me) as Player;
  return [s.emeralds[me], s.emeralds[o], s.lead === me ? 1 : 0, spareRings(s, me) - spareRings(s, o), bestFive(s, me) - bestFive(s, o)];
}

/** The logit of the model for features `f` (emerald counts above 2 count as 2: the game is over by then). */
export function horizonLogit(f: readonly number[], w: HorizonWeights = HORIZON_WEIGHTS): number {
  const a = Math.min(2, f[0]);
  const b = Math.min(2, f[1]);
  return w.cell[a * 3 + b] + w.lead * f[2] + w.spare * f[3] + w.hand * f[4];
}

/** `me`'s chance to win from sampled position `s`: 1, ½ or 0 when the game is over, else the fitted model. */
export function horizonValue(s: GameState, me: Player): number {
  if (s.winner === me) return 1;
  if (s.winner === "draw") return 0.5;
  if (s.winner !== null) return 0;
  return 1 / (1 + Math.exp(-horizonLogit(horizonFeatures(s, me))));
}

/**
 * The coach (pure): for a finished game, every placement and flip of one
 * player is weighed from that player's view at the time. For the move played
 * and each alternative (the legal flips; for a placement, the heuristic's and
 * its neighbours), the win probability is the share of sampled games won
 * (draws half): the hidden cards are sampled from the view (ai/determinize.ts),
 * every candidate is played on the same samples, and the game is played out
 * to its end by the heuristic for both sides. A decision whose best
 * alternative wins more often than the move played by more than `threshold`
 * is marked, with that alternative. Deterministic for the same replay and seed.
 */
import { applyInPlace } from "../apply-action";
import { cloneState } from "../clone";
import { seedRng } from "../rng";
import { newGame, type NewGameOptions } from "../setup";
import type { Action, GameState, Player } from "../types";
import { flipMaskForView, playerView, type PlayerView } from "../view";
import { determinize } from "./determinize";
import { placementCandidates, playout } from "./search";

/** Options of {@link analyseGame}. */
export interface CoachOptions {
  /** Sampled games per candidate move (default 24). */
  samples?: number;
  /** Placement candidates besides the move played (default 6). */
  placements?: number;
  /** Win-probability loss that marks a decision (default 0.1). */
  threshold?: number;
  seed: number;
  /** Called after each analysed decision; return false to stop (the analysis so far is returned). */
  onProgress?: (done: number, total: number) => boolean | void;
}

/** One analysed decision. */
export interface CoachDecision {
  /** Index of the action in the game's action list. */
  index: number;
  turn: number;
  played: Action;
  best: Action;
  winPlayed: number;
  winBest: number;
  /** winBest − winPlayed (≥ 0). */
  cost: number;
  marked: boolean;
}

const same = (a: Action, b: Action): boolean => JSON.stringify(a) === JSON.stringify(b);

function candidatesOf(v: PlayerView, played: Action, r: { rng: number }, placements: number): Action[] {
  const me = v.viewer;
  const out: Action[] = [played];
  if (v.step === "play") {
    for (const cards of placementCandidates(v, r, placements)) {
      const a: Action = { type: "place", player: me, cards };
      if (!out.some((x) => same(x, a))) out.push(a);
    }
  } else {
    const m = flipMaskForView(v);
    for (let i = 0; i < 5; i++) {
      const a: Action = { type: "flip", player: me, column: i + 1 };
      if (m & (1 << i) && !same(a, played)) out.push(a);
    }
  }
  return out;
}

function playToEnd(s: GameState): number {
  for (let t = s.turn; s.winner === null && t <= s.rules.maxTurns + 1; t++) playout(s, s.turn);
  return s.winner === null ? 0.5 : 0;
}

/** Win probabilities of each candidate for the view's player, on the same samples. */
export function winProbabilities(v: PlayerView, cands: readonly Action[], samples: number, seed: number): number[] {
  const r = { rng: seedRng(seed ^ 0x2c0ac4) };
  const sum = cands.map(() => 0);
  for (let j = 0; j < samples; j++) {
    const base = determinize(v, r);
    cands.forEach((a, c) => {
      const s = cloneState(base);
      applyInPlace(s, a, null);
      const draw = playToEnd(s);
      sum[c] += s.winner === v.viewer ? 1 : s.winner === "draw" ? 0.5 : draw;
    });
  }
  return sum.map((x) => x / samples);
}

/** Settings of one decision's analysis (the part of {@link CoachOptions} that weighs a decision). */
export type DecisionOptions = Pick<CoachOptions, "samples" | "placements" | "threshold" | "seed">;

/**
 * One decision weighed from the deciding player's view `v` (`v.viewer` played
 * `played` at action `index` of the game): null when there is no alternative.
 * Seeded from the game's seed and the decision's index only, so the same
 * decision gives the same answer whoever computes it and in whatever order.
 */
export function analyseDecision(v: PlayerView, played: Action, index: number, o: DecisionOptions): CoachDecision | null {
  const r = { rng: seedRng(o.seed + 7919 * index) };
  const cands = candidatesOf(v, played, r, o.placements ?? 6);
  if (cands.length < 2) return null;
  const wp = winProbabilities(v, cands, o.samples ?? 24, o.seed + index);
  let best = 0;
  for (let c = 1; c < cands.length; c++) if (wp[c] > wp[best]) best = c;
  const cost = wp[best] - wp[0];
  return { index, turn: v.turn, played, best: cands[best], winPlayed: wp[0], winBest: wp[best], cost, marked: cost > (o.threshold ?? 0.1) };
}

/**
 * The chance that the view's player wins from here (draws count half): the
 * share of `samples` games, each a determinization of the view played out by
 * the heuristic for both sides. A function of the view and the seed only.
 */
export function winChance(v: PlayerView, samples: number, seed: number): number {
  if (v.winner !== null) return v.winner === v.viewer ? 1 : v.winner === "draw" ? 0.5 : 0;
  const r = { rng: seedRng(seed ^ 0x51ced) };
  let sum = 0;
  for (let j = 0; j < samples; j++) {
    const s = determinize(v, r);
    const draw = playToEnd(s);
    sum += s.winner === v.viewer ? 1 : s.winner === "draw" ? 0.5 : draw;
  }
  return samples > 0 ? sum / samples : 0.5;
}

/** Analyse every placement and flip of `player` in a finished game (see the module comment). */
export function analyseGame(setup: NewGameOptions, actions: readonly Action[], player: Player, o: CoachOptions): CoachDecision[] {
  const s = newGame(setup);
  const todo: number[] = [];
  actions.forEach((a, i) => {
    if (a.player === player && (a.type === "place" || a.type === "flip")) todo.push(i);
  });
  const out: CoachDecision[] = [];
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    if (a.player === player && (a.type === "place" || a.type === "flip") && s.pending === null) {
      const d = analyseDecision(playerView(s, player), a, i, o);
      if (d) out.push(d);
      if (o.onProgress?.(out.length, todo.length) === false) return out;
    }
    applyInPlace(s, a, null);
  }
  return out;
}

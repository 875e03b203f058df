/**
 * The expert agent: determinized Monte Carlo over the root's candidate
 * actions with common random numbers and sequential halving. Each round
 * samples hidden cards from the view (ai/determinize.ts), re-deals the
 * opponent's face-down chaos cards as the heuristic would have placed them
 * from its sampled hand (ai/belief.ts: it chose them, it did not place
 * blind; the search agent samples them at random), and plays every
 * surviving candidate on the same samples (same hidden cards, same later
 * draws), so candidates are compared on equal deals; the better half goes on
 * to the next round. Playouts use the heuristic for both sides (each from its
 * own view of the sample) to the end of the next turn, then the search
 * agent's evaluation. It never reads hidden state: two states with the same
 * view get the same decision for the same seed.
 */
import { applyInPlace } from "../apply-action";
import { cloneState } from "../clone";
import { nextInt, seedRng } from "../rng";
import type { Action, GameState } from "../types";
import { flipMaskForView, type CardRef, type PlayerView } from "../view";
import { placeAsHeuristic } from "./belief";
import { determinize } from "./determinize";
import { heuristicChoice } from "./heuristic";
import { evaluate, placementCandidates, playout } from "./search";
import type { Agent, AgentOptions } from "./types";

/** Most playouts per decision (all candidates and rounds together): a placement among 20 candidates. */
export const EXPERT_ITERATIONS = 960;
/**
 * Playouts per candidate when there are fewer than EXPERT_ITERATIONS / this:
 * a choice between two flips gets 192 playouts, not 960 (sequential halving
 * on common samples separates a few candidates with far fewer).
 */
export const EXPERT_PER_CANDIDATE = 96;

/** Tunable shape of the expert's search (the defaults are the "expert" level). */
export interface ExpertParams {
  /** Turns played out after the decision's own (0: the turn only, as the search agent). */
  extraTurns: number;
  /** Most placement candidates. */
  placements: number;
}

const DEFAULT_PARAMS: ExpertParams = { extraTurns: 1, placements: 20 };

/**
 * Placement candidates: the heuristic's placement and its neighbours (ai/search.ts), then, up to `max`, placements
 * two moves away (a random neighbour with one more swap of columns or held card put in), drawn from `r`.
 */
function placements(v: PlayerView, r: { rng: number }, max: number): (number | null)[][] {
  const out = placementCandidates(v, r, max);
  if (out.length >= max || out.length < 2) return out;
  const seen = new Set(out.map((c) => c.join()));
  const hand = (v.players[v.viewer].hand as CardRef[]).map((c) => c.id);
  const near = out.length;
  for (let tries = 0; tries < 8 * max && out.length < max; tries++) {
    const c = out[1 + nextInt(r, near - 1)].slice();
    const i = nextInt(r, 5);
    const held = hand.filter((id) => !c.includes(id));
    const m = nextInt(r, 4 + held.length);
    if (m < 4) {
      const j = (i + 1 + m) % 5;
      const t = c[i];
      c[i] = c[j];
      c[j] = t;
    } else if (c[i] !== null) c[i] = held[m - 4];
    const k = c.join();
    if (!seen.has(k)) {
      seen.add(k);
      out.push(c);
    }
  }
  return out;
}

function candidates(v: PlayerView, r: { rng: number }, params: ExpertParams): Action[] {
  const me = v.viewer;
  if (v.step === "play") return placements(v, r, params.placements).map((cards) => ({ type: "place", player: me, cards }));
  const out: Action[] = [];
  const m = flipMaskForView(v);
  for (let i = 0; i < 5; i++) if (m & (1 << i)) out.push({ type: "flip", player: me, column: i + 1 });
  return out;
}

function rollout(s: GameState, a: Action, turn: number, extraTurns: number): void {
  applyInPlace(s, a, null);
  playout(s, turn);
  for (let t = 1; t <= extraTurns && s.winner === null; t++) playout(s, turn + t);
}

/** The expert decision for a view, with explicit search parameters. */
export function expertChoiceWith(v: PlayerView, opts: AgentOptions, params: ExpertParams = DEFAULT_PARAMS): Action {
  if (v.pending !== null || v.deckLists === null) return heuristicChoice(v);
  const r = { rng: seedRng(opts.seed ^ 0x51ed270b) };
  const cands = candidates(v, r, params);
  if (cands.length <= 1) return cands[0] ?? heuristicChoice(v);
  const budget = opts.iterations ?? Math.min(EXPERT_ITERATIONS, EXPERT_PER_CANDIDATE * cands.length);
  const clock = opts.clock;
  const deadline = clock && opts.timeBudgetMs ? clock() + opts.timeBudgetMs : Infinity;
  const me = v.viewer;
  const before: [number, number] = [v.emeralds[0], v.emeralds[1]];
  const sum = cands.map(() => 0);
  const cnt = cands.map(() => 0);
  let alive = cands.map((_, i) => i);
  const rounds = Math.ceil(Math.log2(cands.length));
  let spent = 0;
  for (let round = 0; round < rounds && alive.length > 1; round++) {
    const left = budget - spent;
    const per = Math.max(1, Math.floor(left / (rounds - round) / alive.length));
    for (let j = 0; j < per; j++) {
      if (deadline !== Infinity && (clock as () => number)() > deadline) break;
      const base = determinize(v, r);
      // the opponent's face-down cards as the heuristic would have placed them
      placeAsHeuristic(base, me);
      for (const c of alive) {
        const s = cloneState(base);
        rollout(s, cands[c], v.turn, params.extraTurns);
        sum[c] += evaluate(s, me, before);
        cnt[c]++;
        spent++;
      }
    }
    const mean = (i: number): number => (cnt[i] ? sum[i] / cnt[i] : -1);
    const keep = Math.max(1, Math.ceil(alive.length / 2));
    alive = alive
      .slice()
      .sort((a, b) => mean(b) - mean(a) || a - b)
      .slice(0, keep);
    if (deadline !== Infinity && (clock as () => number)() > deadline) break;
  }
  const mean = (i: number): number => (cnt[i] ? sum[i] / cnt[i] : -1);
  let best = alive[0];
  for (const i of alive) if (mean(i) > mean(best)) best = i;
  return cands[best];
}

/** The expert agent (playout budget `opts.iterations`; default {@link EXPERT_PER_CANDIDATE} per candidate, at most {@link EXPERT_ITERATIONS}). */
export const expertAgent: Agent = {
  name: "expert",
  samplesHidden: true,
  chooseAction(view: PlayerView, opts: AgentOptions): Action {
    return expertChoiceWith(view, opts);
  },
};

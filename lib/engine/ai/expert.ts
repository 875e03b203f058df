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
 * own view of the sample) to the end of the decision's turn; the position
 * there is valued by a win-chance model fitted on self-play
 * (ai/horizon-value.ts). A placement is then improved by local search: the
 * neighbours of the best placement found (two columns swapped, a held card
 * put in) join the two best, on fresh common samples, {@link EXPERT_WIDEN_STAGES}
 * times. It never reads hidden state: two states with the same view get the
 * same decision for the same seed.
 */
import { applyInPlace } from "../apply-action";
import { cloneState } from "../clone";
import { nextInt, seedRng } from "../rng";
import type { Action, GameState, Player } from "../types";
import { flipMaskForView, type CardRef, type PlayerView } from "../view";
import { placeAsHeuristic } from "./belief";
import { determinize } from "./determinize";
import { heuristicChoice } from "./heuristic";
import { horizonValue } from "./horizon-value";
import { placementCandidates, playout } from "./search";
import type { Agent, AgentOptions } from "./types";

/** Most playouts per decision (all candidates and rounds together): a placement among 20 candidates. */
export const EXPERT_ITERATIONS = 960;
/**
 * Playouts per candidate when there are fewer than EXPERT_ITERATIONS / this:
 * a choice between two flips gets 192 playouts, not 960 (sequential halving
 * on common samples separates a few candidates with far fewer).
 */
export const EXPERT_PER_CANDIDATE = 96;

/** Local-search stages after a placement's first search (each at most EXPERT_ITERATIONS playouts). */
export const EXPERT_WIDEN_STAGES = 3;

/** Tunable shape of the expert's search (the defaults are the "expert" level). */
export interface ExpertParams {
  /** Turns played out after the decision's own before the position is valued (0: the turn only). */
  extraTurns: number;
  /** Most placement candidates of the first search. */
  placements: number;
  /** Local-search stages around the best placement (0: none). */
  widen: number;
  /** Value of a sampled position at the horizon for `me`, in [0, 1]. */
  value: (s: GameState, me: Player) => number;
}

const DEFAULT_PARAMS: ExpertParams = { extraTurns: 0, placements: 20, widen: EXPERT_WIDEN_STAGES, value: horizonValue };

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

/** What every search of a decision shares: the view, the sample stream, the parameters and the deadline. */
interface Ctx {
  v: PlayerView;
  r: { rng: number };
  params: ExpertParams;
  clock: (() => number) | undefined;
  deadline: number;
}

const late = (c: Ctx): boolean => c.deadline !== Infinity && (c.clock as () => number)() > c.deadline;

/**
 * Sequential halving on common samples: rounds until at most `target` candidates are left, each round playing
 * every surviving candidate on the same fresh samples. Returns the survivors' indices, best first.
 */
function halve(c: Ctx, cands: Action[], budget: number, target: number): number[] {
  const me = c.v.viewer;
  const sum = cands.map(() => 0);
  const cnt = cands.map(() => 0);
  const mean = (i: number): number => (cnt[i] ? sum[i] / cnt[i] : -1);
  let alive = cands.map((_, i) => i);
  const rounds = Math.max(1, Math.ceil(Math.log2(cands.length / target)));
  let spent = 0;
  for (let round = 0; round < rounds && alive.length > target; round++) {
    const per = Math.max(1, Math.floor((budget - spent) / (rounds - round) / alive.length));
    for (let j = 0; j < per && !late(c); j++) {
      const base = determinize(c.v, c.r);
      // the opponent's face-down cards as the heuristic would have placed them
      placeAsHeuristic(base, me);
      for (const k of alive) {
        const s = cloneState(base);
        rollout(s, cands[k], c.v.turn, c.params.extraTurns);
        sum[k] += c.params.value(s, me);
        cnt[k]++;
        spent++;
      }
    }
    const keep = Math.max(target, Math.ceil(alive.length / 2));
    alive = alive
      .slice()
      .sort((a, b) => mean(b) - mean(a) || a - b)
      .slice(0, keep);
    if (late(c)) break;
  }
  return alive.sort((a, b) => mean(b) - mean(a) || a - b);
}

/** Every placement one move from `base`: two columns swapped, or a held card put in a column. */
function neighbours(v: PlayerView, base: (number | null)[]): (number | null)[][] {
  const out: (number | null)[][] = [];
  for (let i = 0; i < 5; i++)
    for (let j = i + 1; j < 5; j++) {
      const c = base.slice();
      c[i] = base[j];
      c[j] = base[i];
      out.push(c);
    }
  const held = (v.players[v.viewer].hand as CardRef[]).map((x) => x.id).filter((id) => !base.includes(id));
  for (const x of held)
    for (let i = 0; i < 5; i++) {
      if (base[i] === null) continue;
      const c = base.slice();
      c[i] = x;
      out.push(c);
    }
  return out;
}

/** The expert decision for a view, with explicit search parameters. */
export function expertChoiceWith(v: PlayerView, opts: AgentOptions, params: ExpertParams = DEFAULT_PARAMS): Action {
  if (v.pending !== null || v.deckLists === null) return heuristicChoice(v);
  const r = { rng: seedRng(opts.seed ^ 0x51ed270b) };
  const cands = candidates(v, r, params);
  if (cands.length <= 1) return cands[0] ?? heuristicChoice(v);
  const budget = (k: number): number => opts.iterations ?? Math.min(EXPERT_ITERATIONS, EXPERT_PER_CANDIDATE * k);
  const clock = opts.clock;
  const c: Ctx = { v, r, params, clock, deadline: clock && opts.timeBudgetMs ? clock() + opts.timeBudgetMs : Infinity };
  const widen = v.step === "play" ? params.widen : 0;
  const first = halve(c, cands, budget(cands.length), widen > 0 ? 2 : 1);
  let pool = first.map((i) => cands[i]);
  // Local search around the best placement found: its neighbours join the survivors, on fresh common samples.
  const seen = new Set(widen > 0 ? cands.map((a) => (a as { cards: (number | null)[] }).cards.join()) : []);
  for (let st = 0; st < widen && !late(c); st++) {
    const next = pool.slice();
    for (const n of neighbours(v, (pool[0] as { cards: (number | null)[] }).cards)) {
      const k = n.join();
      if (seen.has(k)) continue;
      seen.add(k);
      next.push({ type: "place", player: v.viewer, cards: n });
    }
    const last = st === widen - 1;
    if (next.length === pool.length && !last) continue;
    pool = halve(c, next, budget(next.length), last ? 1 : 2).map((i) => next[i]);
  }
  return pool[0];
}

/** The expert agent (playout budget per search `opts.iterations`; default {@link EXPERT_PER_CANDIDATE} per candidate, at most {@link EXPERT_ITERATIONS}). */
export const expertAgent: Agent = {
  name: "expert",
  samplesHidden: true,
  chooseAction(view: PlayerView, opts: AgentOptions): Action {
    return expertChoiceWith(view, opts);
  },
};

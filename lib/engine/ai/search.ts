/**
 * The search agent: determinized Monte Carlo with UCB1 over the root's
 * candidate actions. Every iteration samples the hidden cards from the view
 * (ai/determinize.ts), applies a candidate and plays the turn out with the
 * heuristic policy for both sides (each deciding from its own view of the
 * sample), then scores emeralds, wins and the spare rows carried over. It
 * never reads hidden state. Pending decisions (colors, targets, battle
 * choices) are answered by the heuristic.
 */
import { applyInPlace } from "../apply-action";
import { playersToAct } from "../legal-actions";
import { nextInt, seedRng, type RngHolder } from "../rng";
import type { Action, GameState, Player } from "../types";
import { flipMaskForView, playerView, type CardRef, type PlayerView } from "../view";
import { determinize } from "./determinize";
import { heuristicChoice, heuristicPlacement } from "./heuristic";
import type { Agent, AgentOptions } from "./types";

/** Default playouts per decision: about 10–20 ms on one core of the benchmark machine. */
export const DEFAULT_ITERATIONS = 200;
/** Most placement candidates considered at the play step. */
export const MAX_PLACEMENTS = 14;

/** The heuristic's placement, then up to `max - 1` of its neighbours (swapped columns, a held card in), in random order. */
export function placementCandidates(v: PlayerView, r: RngHolder, max = MAX_PLACEMENTS): (number | null)[][] {
  const h = heuristicPlacement(v);
  const base = (h as { cards: (number | null)[] }).cards;
  const out: (number | null)[][] = [base];
  const seen = new Set<string>([base.join()]);
  const add = (c: (number | null)[]): void => {
    const k = c.join();
    if (!seen.has(k)) {
      seen.add(k);
      out.push(c);
    }
  };
  for (let i = 0; i < 5; i++)
    for (let j = i + 1; j < 5; j++) {
      const c = base.slice();
      c[i] = base[j];
      c[j] = base[i];
      add(c);
    }
  const hand = (v.players[v.viewer].hand as CardRef[]).map((c) => c.id);
  const held = hand.filter((id) => !base.includes(id));
  for (const x of held)
    for (let i = 0; i < 5; i++) {
      if (base[i] === null) continue;
      const c = base.slice();
      c[i] = x;
      add(c);
    }
  // Keep the heuristic's own choice plus a random subset of its neighbours.
  const rest = out.slice(1);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = nextInt(r, i + 1);
    const t = rest[i];
    rest[i] = rest[j];
    rest[j] = t;
  }
  return [base, ...rest.slice(0, max - 1)];
}

function spareRings(s: GameState, p: Player): number {
  let t = 0;
  for (const x of s.players[p].spare) if (x !== null && x.faceUp) t += s.cards[x.card].rings;
  return t;
}

/** Play the current turn out with the heuristic for both players, each seeing only its own view of the sample. */
export function playout(s: GameState, turn: number): void {
  for (let guard = 0; guard < 200 && s.winner === null && s.turn === turn; guard++) {
    const p = playersToAct(s)[0];
    const a = heuristicChoice(playerView(s, p, { deckLists: false, noDiscards: s.pending?.kind !== "card" }));
    applyInPlace(s, a, null);
  }
}

/** Value in [0, 1] of a sampled position for `me` after the turn (wins, emeralds, spare rows carried over). */
export function evaluate(s: GameState, me: Player, before: [number, number]): number {
  if (s.winner === me) return 1;
  if (s.winner === "draw") return 0.5;
  if (s.winner !== null) return 0;
  const o = (1 - me) as Player;
  const gain = s.emeralds[me] - before[me] - (s.emeralds[o] - before[o]);
  const lead = s.emeralds[me] - s.emeralds[o];
  const v = 0.5 + 0.25 * gain + 0.05 * lead + 0.012 * (spareRings(s, me) - spareRings(s, o));
  return v < 0.01 ? 0.01 : v > 0.99 ? 0.99 : v;
}

/** The search decision for a view (house rule 4: the view is all it reads). */
export function searchChoice(v: PlayerView, opts: AgentOptions): Action {
  if (v.pending !== null || v.deckLists === null) return heuristicChoice(v);
  const me = v.viewer;
  const r = { rng: seedRng(opts.seed) };
  let cands: Action[];
  if (v.step === "play") cands = placementCandidates(v, r).map((cards) => ({ type: "place", player: me, cards }));
  else {
    cands = [];
    const m = flipMaskForView(v);
    for (let i = 0; i < 5; i++) if (m & (1 << i)) cands.push({ type: "flip", player: me, column: i + 1 });
  }
  if (cands.length <= 1) return cands[0] ?? heuristicChoice(v);
  const iters = opts.iterations ?? DEFAULT_ITERATIONS;
  const clock = opts.clock;
  const deadline = clock && opts.timeBudgetMs ? clock() + opts.timeBudgetMs : Infinity;
  const n = cands.map(() => 0);
  const w = cands.map(() => 0);
  const before: [number, number] = [v.emeralds[0], v.emeralds[1]];
  let total = 0;
  for (let it = 0; it < iters; it++) {
    if (clock && deadline !== Infinity && (it & 7) === 0 && clock() > deadline) break;
    let c = -1;
    if (total < cands.length) c = total;
    else {
      let best = -Infinity;
      const lt = Math.log(total);
      for (let i = 0; i < cands.length; i++) {
        const u = w[i] / n[i] + 0.5 * Math.sqrt(lt / n[i]);
        if (u > best) {
          best = u;
          c = i;
        }
      }
    }
    const s = determinize(v, r);
    applyInPlace(s, cands[c], null);
    playout(s, v.turn);
    const val = evaluate(s, me, before);
    n[c]++;
    w[c] += val;
    total++;
  }
  let best = 0;
  for (let i = 1; i < cands.length; i++) if (n[i] > n[best] || (n[i] === n[best] && w[i] > w[best])) best = i;
  return cands[best];
}

/** The search agent (determinized Monte Carlo, iteration budget `opts.iterations`). */
export const searchAgent: Agent = {
  name: "search",
  samplesHidden: true,
  chooseAction(view: PlayerView, opts: AgentOptions): Action {
    return searchChoice(view, opts);
  },
};

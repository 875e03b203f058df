/**
 * Agent duels (pure): two agents meet on the same deals with seats swapped.
 * Deal i (deal seed `seed + i`, player i mod 2 leads) is played twice: agent
 * X in seat 1 and Y in seat 2, then the other way round, with the same decks
 * in the same seats — so neither agent profits from a lucky deal or deck. The
 * CLI (`npm run sim -- --duel`) and the gauntlet (sim/elo-gauntlet.ts) use it.
 */
import { getAgent } from "../ai";
import type { CardDef, Player, Rules } from "../types";
import { playGame } from "./simulate";

/** Options of {@link runDuel}. */
export interface DuelOptions {
  /** Decks of seat 1 and seat 2 (they stay in their seats; the agents swap). */
  decks: [CardDef[], CardDef[]];
  agents: [string, string];
  seed: number;
  /** Deals [from, to): each is played twice (2 games per deal). */
  from: number;
  to: number;
  rules?: Partial<Rules>;
  /** Playouts per decision for search agents (default: each agent's own). */
  iterations?: number;
  /** Injected clock (ms) to time decisions. */
  clock?: () => number;
}

/** A duel's tally, from agent X's side (agents[0]). */
export interface DuelResult {
  games: number;
  /** Wins of X and of Y. */
  wins: [number, number];
  draws: number;
  /** Decision times (ms) of X and of Y (only with a clock). */
  decisionMs: [number[], number[]];
  /** Order-independent checksum of the games' courses. */
  checksum: number;
}

/** An empty duel tally. */
export function emptyDuel(): DuelResult {
  return { games: 0, wins: [0, 0], draws: 0, decisionMs: [[], []], checksum: 0 };
}

/** Add tally `b` into `a` (in place). */
export function mergeDuel(a: DuelResult, b: DuelResult): DuelResult {
  a.games += b.games;
  a.wins[0] += b.wins[0];
  a.wins[1] += b.wins[1];
  a.draws += b.draws;
  for (const k of [0, 1] as const) for (const t of b.decisionMs[k]) a.decisionMs[k].push(t);
  a.checksum = (a.checksum + b.checksum) >>> 0;
  return a;
}

/** Play deals [from, to) of a duel, each with both seatings. Deterministic for the same options. */
export function runDuel(o: DuelOptions): DuelResult {
  const x = getAgent(o.agents[0]);
  const y = getAgent(o.agents[1]);
  const res = emptyDuel();
  for (let i = o.from; i < o.to; i++) {
    for (const seatOfX of [0, 1] as Player[]) {
      const g = playGame({ decks: o.decks, agents: seatOfX === 0 ? [x, y] : [y, x], seed: o.seed + i, lead: (i % 2) as Player, index: 2 * i + seatOfX, rules: o.rules, iterations: o.iterations, clock: o.clock });
      res.games++;
      if (g.winner === "draw") res.draws++;
      else res.wins[g.winner === seatOfX ? 0 : 1]++;
      for (const t of g.decisionMs[seatOfX]) res.decisionMs[0].push(t);
      for (const t of g.decisionMs[1 - seatOfX]) res.decisionMs[1].push(t);
      res.checksum = (res.checksum + Math.imul(g.checksum, 2 * g.index + 1)) >>> 0;
    }
  }
  return res;
}

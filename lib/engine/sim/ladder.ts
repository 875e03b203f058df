/**
 * The AI gauntlet (pure): entrants — an AI level with a rotation of decks,
 * or a named deck played by one level — meet in a round robin of duels
 * (sim/duel.ts: each deal twice, seats swapped), and every entrant gets an
 * Elo rating fitted by maximum likelihood (sim/elo.ts) with a 95% interval.
 * `npm run sim -- --gauntlet` runs it and writes data/gauntlet.json.
 */
import type { CardDef, Rules } from "../types";
import { emptyDuel, mergeDuel, runDuel } from "./duel";
import { fitElo, type EloRating } from "./elo";

/** One entrant: `agent` plays deck `decks[i mod decks.length]` on deal i. */
export interface LadderEntrant {
  id: string;
  agent: string;
  decks: CardDef[][];
}

/** Options of {@link runLadder}. */
export interface LadderOptions {
  entrants: LadderEntrant[];
  /** Deals per pair (each played twice: 2 × deals games per pair). */
  deals: number;
  seed: number;
  rules?: Partial<Rules>;
  /** Called after each pair (for progress). */
  onPair?: (pair: LadderPair, done: number, total: number) => void;
}

/** One pair's results from entrant a's side. */
export interface LadderPair {
  a: number;
  b: number;
  games: number;
  wins: [number, number];
  draws: number;
  checksum: number;
}

/** The gauntlet's outcome: the table and the fitted ratings. */
export interface LadderResult {
  ids: string[];
  agents: string[];
  deals: number;
  seed: number;
  pairs: LadderPair[];
  ratings: EloRating[];
}

/** Play one pair: deal i uses each entrant's deck i (mod its rotation), seats swapped within the deal. */
export function playLadderPair(a: LadderEntrant, b: LadderEntrant, deals: number, seed: number, rules?: Partial<Rules>): Omit<LadderPair, "a" | "b"> {
  const t = emptyDuel();
  for (let i = 0; i < deals; i++) {
    const decks: [CardDef[], CardDef[]] = [a.decks[i % a.decks.length], b.decks[i % b.decks.length]];
    mergeDuel(t, runDuel({ decks, agents: [a.agent, b.agent], seed, from: i, to: i + 1, rules }));
  }
  return { games: t.games, wins: t.wins, draws: t.draws, checksum: t.checksum };
}

/** Fit ratings to a table of pairs (centred on 1500). */
export function ladderRatings(n: number, pairs: readonly LadderPair[]): EloRating[] {
  return fitElo(
    n,
    pairs.map((p) => ({ a: p.a, b: p.b, games: p.games, scoreA: p.wins[0] + p.draws / 2 })),
  );
}

/** Run the whole round robin. Deterministic for the same options. */
export function runLadder(o: LadderOptions): LadderResult {
  const n = o.entrants.length;
  if (n < 2) throw new Error("a gauntlet needs at least two entrants");
  const pairs: LadderPair[] = [];
  const total = (n * (n - 1)) / 2;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) {
      const p: LadderPair = { a, b, ...playLadderPair(o.entrants[a], o.entrants[b], o.deals, o.seed + 1000 * pairs.length, o.rules) };
      pairs.push(p);
      o.onPair?.(p, pairs.length, total);
    }
  return { ids: o.entrants.map((e) => e.id), agents: o.entrants.map((e) => e.agent), deals: o.deals, seed: o.seed, pairs, ratings: ladderRatings(n, pairs) };
}

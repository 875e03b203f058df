/**
 * The gauntlet (pure): every pair of a list of decks plays the same mirrored
 * batch (each deal once with each lead, sim/simulate.ts), and the table says
 * how often the first deck of each pair scores. The CLI (`npm run sim --
 * --gauntlet`) prints it; the same decks, agents, seed and game count give the
 * same numbers anywhere (Node or a browser worker).
 */
import type { CardDef, Rules } from "../types";
import { runBatch, wilson } from "./simulate";

/** A named deck for the gauntlet. */
export interface GauntletDeck {
  name: string;
  cards: CardDef[];
}

/** Options of {@link runGauntlet}. */
export interface GauntletOptions {
  decks: GauntletDeck[];
  /** Agents of the first and the second deck of each pair (default heuristic for both). */
  agents?: [string, string];
  /** Deal seed of the first game of every pair. */
  seed: number;
  /** Games per pair (even: each deal is played with both leads). */
  games: number;
  rules?: Partial<Rules>;
  /** Called after each pair (for progress). */
  onPair?: (pair: GauntletPair, done: number, total: number) => void;
}

/** One pair's result: deck `a` against deck `b`. */
export interface GauntletPair {
  a: number;
  b: number;
  games: number;
  wins: [number, number];
  draws: number;
  /** Deck a's score: (wins + draws / 2) / games. */
  scoreA: number;
  /** 95% Wilson interval of deck a's win rate. */
  wilson95: [number, number];
  averageTurns: number;
  checksum: number;
}

/** The whole gauntlet: every pair once, in order (0,1), (0,2), …, (1,2), … */
export interface GauntletResult {
  names: string[];
  agents: [string, string];
  seed: number;
  games: number;
  pairs: GauntletPair[];
}

/** Play every pair of decks (docs/decks.md "Balance"): a pure function of its options. */
export function runGauntlet(o: GauntletOptions): GauntletResult {
  const agents = o.agents ?? ["heuristic", "heuristic"];
  if (o.decks.length < 2) throw new Error("a gauntlet needs at least two decks");
  if (!Number.isInteger(o.games) || o.games < 2 || o.games % 2 !== 0) throw new Error("a gauntlet plays an even number of games per pair (each deal with both leads)");
  const pairs: GauntletPair[] = [];
  const total = (o.decks.length * (o.decks.length - 1)) / 2;
  for (let a = 0; a < o.decks.length; a++)
    for (let b = a + 1; b < o.decks.length; b++) {
      const r = runBatch({ decks: [o.decks[a].cards, o.decks[b].cards], agents, games: o.games, seed: o.seed, rules: o.rules });
      const pair: GauntletPair = {
        a,
        b,
        games: r.games,
        wins: r.wins,
        draws: r.draws,
        scoreA: (r.wins[0] + r.draws / 2) / r.games,
        wilson95: wilson(r.wins[0], r.games),
        averageTurns: r.turns / r.games,
        checksum: r.checksum,
      };
      pairs.push(pair);
      o.onPair?.(pair, pairs.length, total);
    }
  return { names: o.decks.map((d) => d.name), agents, seed: o.seed, games: o.games, pairs };
}

/** Is every pair within [lo, hi] (deck a's score)? The starter decks' target is 45–55%. */
export function gauntletBalanced(r: GauntletResult, lo = 0.45, hi = 0.55): boolean {
  return r.pairs.every((p) => p.scoreA >= lo && p.scoreA <= hi);
}

/**
 * The gauntlet as a Markdown table: one row per deck, one column per
 * opponent, each cell the row deck's score against the column deck.
 */
export function formatGauntlet(r: GauntletResult): string {
  const n = r.names.length;
  const cell = (i: number, j: number): string => {
    if (i === j) return "—";
    const p = r.pairs.find((x) => (x.a === i && x.b === j) || (x.a === j && x.b === i));
    if (!p) return "";
    const s = p.a === i ? p.scoreA : 1 - p.scoreA;
    return `${(100 * s).toFixed(1)}%`;
  };
  const head = `| row deck's score vs column deck | ${r.names.join(" | ")} |`;
  const rule = `|${" --- |".repeat(n + 1)}`;
  const rows = r.names.map((name, i) => `| ${name} | ${r.names.map((_, j) => cell(i, j)).join(" | ")} |`);
  const detail = r.pairs.map((p) => {
    const [lo, hi] = p.wilson95;
    return `- ${r.names[p.a]} vs ${r.names[p.b]}: ${p.wins[0]}–${p.wins[1]}${p.draws ? ` (${p.draws} draws)` : ""}, ${(100 * p.scoreA).toFixed(1)}% (95% ${(100 * lo).toFixed(1)}–${(100 * hi).toFixed(1)}%), ${p.averageTurns.toFixed(2)} turns, checksum ${p.checksum.toString(16)}`;
  });
  return [
    `Gauntlet: ${r.agents[0]} vs ${r.agents[1]}, ${r.games} games per pair (each deal with both leads), seed ${r.seed}.`,
    "",
    head,
    rule,
    ...rows,
    "",
    ...detail,
  ].join("\n");
}

/**
 * Engine benchmark: `npm run bench:engine [-- --quick]`. For a fixed list of
 * seeds it prints random-vs-random and heuristic-vs-heuristic games/s on one
 * core, and the search agent's decision time (median, p95) at its default
 * budget and its iterations/s, each with a checksum proving the same games
 * were played in every run.
 */
import { performance } from "node:perf_hooks";
import { applyInPlace } from "../lib/engine/apply-action";
import { newGame } from "../lib/engine/setup";
import { playersToAct } from "../lib/engine/legal-actions";
import { heuristicChoice } from "../lib/engine/ai/heuristic";
import { DEFAULT_ITERATIONS, searchChoice } from "../lib/engine/ai/search";
import { playerView, type PlayerView } from "../lib/engine/view";
import { runBatch, type CardDef, type Player } from "../lib/engine";
import { loadDeck } from "./lib/decks";

const quick = process.argv.includes("--quick");
const DECKS: [CardDef[], CardDef[]] = [loadDeck("chaotix-mix"), loadDeck("eggman-empire")];
const SEED = 20260101;

function median(x: number[]): number {
  const y = [...x].sort((a, b) => a - b);
  return y[Math.floor(y.length / 2)];
}

function gamesPerSecond(agents: [string, string], games: number, runs: number): { gps: number[]; checksum: string; turns: number } {
  const gps: number[] = [];
  const sums = new Set<string>();
  let turns = 0;
  // Warm-up (not timed): lets the JIT compile the hot paths before the timed runs.
  runBatch({ decks: DECKS, agents, games: Math.max(100, Math.floor(games / 10)), seed: SEED });
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = runBatch({ decks: DECKS, agents, games, seed: SEED });
    const ms = performance.now() - t0;
    gps.push(games / (ms / 1000));
    sums.add(r.checksum.toString(16));
    turns = r.turns / r.games;
  }
  if (sums.size !== 1) throw new Error(`non-deterministic games: checksums ${[...sums].join(", ")}`);
  return { gps, checksum: [...sums][0], turns };
}

/** Views at which the search agent really searches (place, or a flip with several legal columns), from heuristic games. */
function searchPositions(count: number): PlayerView[] {
  const out: PlayerView[] = [];
  for (let g = 0; out.length < count; g++) {
    const s = newGame({ decks: DECKS, seed: SEED + g, lead: (g % 2) as Player });
    while (s.winner === null && out.length < count) {
      const p = playersToAct(s)[0];
      const v = playerView(s, p);
      if (v.pending === null && (v.step === "play" || v.players[p].chaos.filter((x) => x && !x.faceUp).length > 1)) out.push(v);
      applyInPlace(s, heuristicChoice(playerView(s, p)), null);
    }
  }
  return out;
}

function hashAction(h: number, a: unknown): number {
  const str = JSON.stringify(a);
  for (let i = 0; i < str.length; i++) h = Math.imul(h ^ str.charCodeAt(i), 16777619) >>> 0;
  return h;
}

function main(): void {
  const runs = quick ? 1 : 3;
  const rr = gamesPerSecond(["random", "random"], quick ? 4000 : 20000, runs);
  const hh = gamesPerSecond(["heuristic", "heuristic"], quick ? 1000 : 5000, runs);
  const positions = searchPositions(quick ? 30 : 200);
  const times: number[] = [];
  let h = 2166136261;
  for (let rep = 0; rep < (quick ? 1 : 2); rep++) {
    let hr = 2166136261;
    positions.forEach((v, i) => {
      const t0 = performance.now();
      const a = searchChoice(v, { seed: SEED + i, iterations: DEFAULT_ITERATIONS });
      times.push(performance.now() - t0);
      hr = hashAction(hr, a);
    });
    if (rep > 0 && hr !== h) throw new Error("non-deterministic search decisions");
    h = hr;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  const f = (x: number, d = 0): string => x.toFixed(d);
  const lines = [
    `Engine benchmark (one core, engine bundled by esbuild, seeds ${SEED}+i, decks chaotix-mix vs eggman-empire, ${runs} timed run${runs > 1 ? "s" : ""} after a warm-up)`,
    `random vs random:       ${f(median(rr.gps))} games/s median (runs: ${rr.gps.map((x) => f(x)).join(", ")}), avg ${rr.turns.toFixed(2)} turns, checksum ${rr.checksum}`,
    `heuristic vs heuristic: ${f(median(hh.gps))} games/s median (runs: ${hh.gps.map((x) => f(x)).join(", ")}), avg ${hh.turns.toFixed(2)} turns, checksum ${hh.checksum}`,
    `search agent (${DEFAULT_ITERATIONS} iterations/decision, ${positions.length} positions x ${runs > 1 ? 2 : 1}): median ${f(median(times), 2)} ms, p95 ${f(sorted[Math.floor(sorted.length * 0.95)], 2)} ms, ${f((DEFAULT_ITERATIONS * times.length) / (total / 1000))} iterations/s, checksum ${h.toString(16)}`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

main();

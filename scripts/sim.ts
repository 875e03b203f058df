/**
 * The matchup simulator.
 *   npm run sim -- --decks A.json B.json --games N --agents heuristic,search [--seed S] [--workers K]
 *                  [--iterations I] [--column-rule priority|no-mirror] [--max-turns T] [--json]
 * Plays N games (each deal twice: once with each player leading) across
 * worker_threads and prints wins/draws per side, side A's win rate with a 95%
 * Wilson interval, average turns, games per second and, for search agents,
 * decision times and iterations per second. Decks are starter-deck files,
 * starter-deck slugs (data/starter-decks) or JSON lists of card definitions.
 */
import { spawnSync } from "node:child_process";
import { Worker } from "node:worker_threads";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { readdirSync, readFileSync } from "node:fs";
import { formatGauntlet, runGauntlet, wilson, type BatchResult, type CardDef } from "../lib/engine";
import { loadDeck, ROOT } from "./lib/decks";
import { coachReport, expertReport, gauntletReport } from "./lib/sim-ai";

interface Args {
  decks: string[];
  gauntlet: boolean;
  balance: boolean;
  expert: boolean;
  coach: boolean;
  deals?: number;
  positions: number;
  write: boolean;
  games: number;
  agents: [string, string];
  seed: number;
  workers: number;
  iterations?: number;
  columnRule?: "priority" | "no-mirror";
  maxTurns?: number;
  json: boolean;
}

const USAGE = `Usage: npm run sim -- --decks A.json B.json --games N --agents heuristic,search [--seed S] [--workers K] [--iterations I] [--column-rule priority|no-mirror] [--max-turns T] [--json]
       npm run sim -- --expert [--deals N] [--agents expert,search] [--positions P] [--seed S] [--json]
       npm run sim -- --gauntlet [--deals N] [--seed S] [--write] [--json]
       npm run sim -- --coach [--games N] [--seed S]
       npm run sim -- --balance [--decks D1 D2 …] [--games N] [--agents X,Y] [--seed S] [--json]
       npm run sim -- --help

  --expert           the expert level against search: N deals (default 100) per deck set — the three starter
                     pairings, and the v2 decks data/ai-decks/v2-position and v2-all in the mirror —, each played
                     twice with seats swapped; win rate with a 95% Wilson interval per set and overall, the
                     expert's decision CPU time (median, p95) on P positions per set where it searches (default 60),
                     the load average, and whether the targets are met
  --gauntlet         every AI level (on the rotating starter decks) and a few named decks (played by the
                     heuristic) in a round robin of N deals per pair (default 20), each played twice with seats
                     swapped; Elo ratings by maximum likelihood with 95% intervals. --write saves data/gauntlet.json
  --coach            the coach's seconds per game analysed (N heuristic games, default 10, player 1's decisions)
  --balance          play every pair of decks (default: every starter deck; 4000 games per pair,
                     heuristic,heuristic, seed 1) and print each deck's score against each other

  --decks A B        two decks (with --gauntlet: two or more): starter-deck files, starter-deck slugs (chaotix-mix) or JSON lists of card definitions
  --games N          games to play (each deal is played twice, once with each lead)
  --agents X,Y       agents for A and B: random, heuristic, heuristic-plain (without the v2 valuation), search or expert (default heuristic,heuristic)
  --seed S           seed of the first deal (default 1)
  --workers K        worker threads (default 1)
  --iterations I     search iterations per decision
  --column-rule R    priority (default) or no-mirror (RULES.md §4.2)
  --max-turns T      turns before a draw (default 100)
  --json             print the result as JSON
  --help             print this help
`;

function fail(msg: string): never {
  process.stderr.write(`${msg}\n${USAGE}`);
  process.exit(1);
}

function parse(argv: string[]): Args {
  const a: Partial<Args> = { seed: 1, workers: 1, json: false, gauntlet: false, balance: false, expert: false, coach: false, positions: 60, write: false };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    if (k === "--help" || k === "-h") {
      process.stdout.write(USAGE);
      process.exit(0);
    }
    const next = (): string => argv[++i] ?? fail(`${k} needs a value`);
    if (k === "--decks") {
      a.decks = [next(), next()];
      while (i + 1 < argv.length && !argv[i + 1].startsWith("--")) a.decks.push(argv[++i]);
    } else if (k === "--gauntlet") a.gauntlet = true;
    else if (k === "--balance") a.balance = true;
    else if (k === "--expert") a.expert = true;
    else if (k === "--coach") a.coach = true;
    else if (k === "--deals") a.deals = Number(next());
    else if (k === "--positions") a.positions = Number(next());
    else if (k === "--write") a.write = true;
    else if (k === "--games") a.games = Number(next());
    else if (k === "--agents") {
      const [x, y] = next().split(",");
      a.agents = [x, y ?? x];
    } else if (k === "--seed") a.seed = Number(next());
    else if (k === "--workers") a.workers = Number(next());
    else if (k === "--iterations") a.iterations = Number(next());
    else if (k === "--column-rule") a.columnRule = next() as Args["columnRule"];
    else if (k === "--max-turns") a.maxTurns = Number(next());
    else if (k === "--json") a.json = true;
    else fail(`Unknown option ${k}`);
  }
  if (a.deals !== undefined && (!Number.isInteger(a.deals) || a.deals < 1)) fail("--deals N must be a positive integer");
  if (a.expert || a.gauntlet || a.coach) {
    a.agents ??= ["expert", "search"];
    for (const x of a.agents) if (!["random", "heuristic", "heuristic-plain", "search", "expert"].includes(x)) fail(`Unknown agent ${x}`);
    return a as Args;
  }
  if (a.balance) {
    a.decks ??= readdirSync(path.resolve(__dirname, "../data/starter-decks")).filter((f) => f.endsWith(".json")).sort().map((f) => f.replace(/\.json$/, ""));
    a.games ??= 4000;
    if (!Number.isInteger(a.games) || a.games < 2 || a.games % 2 !== 0) fail("--games N must be an even positive integer for --balance");
  }
  if (!a.decks) fail("--decks A B is required");
  if (!a.balance && a.decks.length !== 2) fail("--decks takes two decks (more only with --balance)");
  if (!a.games || !Number.isInteger(a.games) || a.games < 1) fail("--games N (a positive integer) is required");
  if (!a.agents) a.agents = ["heuristic", "heuristic"];
  for (const x of a.agents) if (!["random", "heuristic", "heuristic-plain", "search", "expert"].includes(x)) fail(`Unknown agent ${x}`);
  if (!Number.isInteger(a.workers) || (a.workers as number) < 1) fail("--workers must be a positive integer");
  return a as Args;
}

function median(x: number[]): number {
  if (x.length === 0) return NaN;
  const y = [...x].sort((p, q) => p - q);
  return y[Math.floor(y.length / 2)];
}

function pct(x: number[], q: number): number {
  if (x.length === 0) return NaN;
  const y = [...x].sort((p, q2) => p - q2);
  return y[Math.min(y.length - 1, Math.floor(y.length * q))];
}

/** A deck's display name: a starter deck's `name`, else the argument. */
function deckName(arg: string): string {
  for (const f of [arg, path.resolve(__dirname, "../data/starter-decks", `${arg.replace(/\.json$/, "")}.json`)]) {
    try {
      const j = JSON.parse(readFileSync(f, "utf8")) as { name?: unknown };
      if (typeof j.name === "string") return j.name;
    } catch {
      // not a readable starter deck: use the argument
    }
  }
  return arg;
}

/** `--balance`: every pair of decks, in this process (the same pure function the lab runs in the browser). */
function balance(args: Args): void {
  let decks;
  try {
    decks = args.decks.map((d) => ({ name: deckName(d), cards: loadDeck(d) }));
  } catch (e) {
    fail(`Cannot load decks: ${(e as Error).message}`);
  }
  const rules = { ...(args.columnRule ? { columnRule: args.columnRule } : {}), ...(args.maxTurns ? { maxTurns: args.maxTurns } : {}) };
  const t0 = performance.now();
  const r = runGauntlet({
    decks,
    agents: args.agents,
    seed: args.seed,
    games: args.games,
    rules,
    onPair: (p, done, total) => {
      if (!args.json) process.stderr.write(`  ${done}/${total}: ${decks[p.a].name} vs ${decks[p.b].name} ${(100 * p.scoreA).toFixed(1)}% (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
    },
  });
  if (args.json) process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
  else process.stdout.write(`${formatGauntlet(r)}\n`);
}

async function main(): Promise<void> {
  const args = parse(process.argv.slice(2));
  if ((args.expert || args.gauntlet || args.coach) && process.env.RINGBINDER_SIM_BUNDLED !== "1") {
    // The AI modes run in this one process: run them on the engine bundled by esbuild, as production runs
    // it (the playtest's Web Worker), so their times measure the engine and not tsx's per-module loader.
    const r = spawnSync(process.execPath, [path.join(ROOT, "scripts/run-bundled.mjs"), path.join(ROOT, "scripts/sim.ts"), ...process.argv.slice(2)], {
      stdio: "inherit",
      env: { ...process.env, RINGBINDER_SIM_BUNDLED: "1" },
    });
    process.exit(r.status ?? 1);
  }
  if (args.expert) return expertReport({ deals: args.deals ?? 100, seed: args.seed, agents: args.agents, positions: args.positions, json: args.json });
  if (args.coach) return coachReport({ games: args.games ?? 10, seed: args.seed });
  if (args.gauntlet) return gauntletReport({ deals: args.deals ?? 20, seed: args.seed, json: args.json, write: args.write });
  if (args.balance) return balance(args);
  let decks: [CardDef[], CardDef[]];
  try {
    decks = [loadDeck(args.decks[0]), loadDeck(args.decks[1])];
  } catch (e) {
    fail(`Cannot load decks: ${(e as Error).message}`);
  }
  const rules = { ...(args.columnRule ? { columnRule: args.columnRule } : {}), ...(args.maxTurns ? { maxTurns: args.maxTurns } : {}) };
  const k = Math.min(args.workers, Math.ceil(args.games / 2));
  const per = Math.ceil(args.games / k / 2) * 2;
  const timed = args.agents.includes("search") || args.agents.includes("expert");
  const t0 = performance.now();
  const progress = Array.from({ length: k }, () => ({ games: 0, wins: [0, 0] as [number, number], draws: 0 }));
  const parts = await Promise.all(
    Array.from({ length: k }, (_, w) => {
      const from = w * per;
      const to = Math.min(args.games, from + per);
      return new Promise<BatchResult & { ms: number }>((resolve, reject) => {
        const entry = path.resolve(__dirname, "../lib/engine/sim/worker.ts");
        // The worker registers tsx's CommonJS hook, then loads the TypeScript entry.
        const boot = `require("tsx/cjs/api").register(); require(${JSON.stringify(entry)});`;
        const worker = new Worker(boot, {
          eval: true,
          workerData: { decks, agents: args.agents, games: args.games, seed: args.seed, from, to, iterations: args.iterations, rules, timed },
        });
        worker.on("message", (m: { type: string; games: number; wins: [number, number]; draws: number }) => {
          if (m.type === "done") resolve(m as unknown as BatchResult & { ms: number });
          else {
            progress[w] = m;
            if (!args.json) {
              const g = progress.reduce((a, p) => a + p.games, 0);
              const wa = progress.reduce((a, p) => a + p.wins[0], 0);
              const dr = progress.reduce((a, p) => a + p.draws, 0);
              const [lo, hi] = wilson(wa, g);
              process.stderr.write(`  progress: ${g}/${args.games} games, A wins ${wa}, draws ${dr} (${(100 * lo).toFixed(1)}%–${(100 * hi).toFixed(1)}%), ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
            }
          }
        });
        worker.once("error", reject);
      });
    }),
  );
  const ms = performance.now() - t0;
  const wins: [number, number] = [0, 0];
  let draws = 0;
  let turns = 0;
  let games = 0;
  let checksum = 0;
  const dm: [number[], number[]] = [[], []];
  const iters: [number, number] = [0, 0];
  for (const p of parts) {
    wins[0] += p.wins[0];
    wins[1] += p.wins[1];
    draws += p.draws;
    turns += p.turns;
    games += p.games;
    checksum = (checksum + p.checksum) >>> 0;
    iters[0] += p.iterations[0];
    iters[1] += p.iterations[1];
  }
  // Decision times come back only from timed workers.
  for (const p of parts) for (const s of [0, 1]) for (const t of (p as BatchResult).decisionMs[s]) dm[s].push(t);
  const [lo, hi] = wilson(wins[0], games);
  const out = {
    decks: args.decks,
    agents: args.agents,
    games,
    seed: args.seed,
    workers: k,
    wins: { A: wins[0], B: wins[1] },
    draws,
    winRateA: wins[0] / games,
    wilson95A: [lo, hi],
    scoreA: (wins[0] + draws / 2) / games,
    averageTurns: turns / games,
    gamesPerSecond: games / (ms / 1000),
    seconds: ms / 1000,
    checksum,
    decisionMs: args.agents.map((name, s) =>
      dm[s].length ? { agent: name, median: median(dm[s]), p95: pct(dm[s], 0.95), decisions: dm[s].length } : { agent: name },
    ),
  };
  if (args.json) {
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return;
  }
  const f = (x: number, d = 1): string => (Number.isFinite(x) ? x.toFixed(d) : "-");
  const lines = [
    `Matchup: A = ${args.agents[0]} (${args.decks[0]}) vs B = ${args.agents[1]} (${args.decks[1]})`,
    `Games: ${games} (each deal played with both leads; seed ${args.seed}; ${k} worker${k === 1 ? "" : "s"})`,
    `A wins ${wins[0]}, B wins ${wins[1]}, draws ${draws}`,
    `A win rate ${f(100 * out.winRateA)}%  (95% Wilson interval ${f(100 * lo)}%–${f(100 * hi)}%)`,
    `Average turns ${f(out.averageTurns, 2)}; ${f(out.gamesPerSecond, 1)} games/s over ${f(out.seconds, 1)} s; checksum ${checksum.toString(16)}`,
  ];
  for (const d of out.decisionMs)
    if ("median" in d) lines.push(`Decision time ${d.agent}: median ${f(d.median as number, 2)} ms, p95 ${f(d.p95 as number, 2)} ms over ${d.decisions} decisions`);
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});

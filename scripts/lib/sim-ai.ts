/**
 * The simulator's AI modes (scripts/sim.ts):
 *   --expert    the expert level against search: duels (each deal twice, seats swapped) on the starter
 *               pairs and on two decks of v2 cards, win rate with a 95% Wilson interval per deck set and
 *               overall, and the expert's decision time (median, p95) on positions where it searches.
 *   --gauntlet  every AI level and a few named decks on one Elo scale (round robin of duels, maximum
 *               likelihood), written to data/gauntlet.json with --write.
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { applyAction, getAgent, newGame, playerView, playersToAct, wilson, type CardDef, type Player, type PlayerView } from "../../lib/engine";
import { analyseGame } from "../../lib/engine/ai/coach";
import { COACH_PLACEMENTS, COACH_SAMPLES, COACH_THRESHOLD } from "../../lib/coach/tasks";
import { emptyDuel, mergeDuel, runDuel } from "../../lib/engine/sim/duel";
import { runLadder, type LadderEntrant } from "../../lib/engine/sim/ladder";
import { loadDeck, ROOT } from "./decks";

const STARTERS = ["chaotix-mix", "eggman-empire", "team-sonic-speed"];
const AI_DECKS = path.join(ROOT, "data/ai-decks");
const v2 = (slug: string): CardDef[] => loadDeck(path.join(AI_DECKS, `${slug}.json`));

/** The deck sets of the expert's measurement: the three starter pairings, and two v2 decks in the mirror. */
function deckSets(): { name: string; pairs: [CardDef[], CardDef[]][] }[] {
  const s = STARTERS.map(loadDeck);
  return [
    { name: "starters", pairs: [[s[0], s[1]], [s[1], s[2]], [s[2], s[0]]] },
    { name: "v2-position", pairs: [[v2("v2-position"), v2("v2-position")]] },
    { name: "v2-all", pairs: [[v2("v2-all"), v2("v2-all")]] },
  ];
}

function quantile(x: number[], q: number): number {
  const y = [...x].sort((a, b) => a - b);
  return y[Math.min(y.length - 1, Math.floor(y.length * q))];
}

/** Positions where a searching agent really searches (no pending decision, several moves), from heuristic games. */
function searchPositions(decks: [CardDef[], CardDef[]], count: number, seed: number): PlayerView[] {
  const out: PlayerView[] = [];
  const h = getAgent("heuristic");
  for (let g = 0; out.length < count && g < 10 * count; g++) {
    let s = newGame({ decks, seed: seed + g, lead: (g % 2) as Player });
    while (s.winner === null && out.length < count) {
      const p = playersToAct(s)[0];
      const v = playerView(s, p);
      if (v.pending === null && (v.step === "play" || v.players[p].chaos.filter((x) => x && !x.faceUp).length > 1)) out.push(v);
      const r = applyAction(s, h.chooseAction(playerView(s, p), { seed: g }));
      if (!r.ok) throw new Error(r.error.reason);
      s = r.state;
    }
  }
  return out;
}

/** CPU milliseconds (user + system, this process) of `f()`: unlike wall time, it barely moves with the machine's load. */
function cpuMs(f: () => void): number {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

/** Decision CPU times (ms) of an agent on `perSet` searching positions of each deck set, one core, after a warm-up. */
export function decisionTimes(agent: string, perSet: number): number[] {
  const a = getAgent(agent);
  const views = deckSets().flatMap((set, i) => searchPositions(set.pairs[0], perSet, 7000 + 100 * i));
  for (const v of views.slice(0, 10)) a.chooseAction(v, { seed: 1 });
  return views.map((v, i) => cpuMs(() => a.chooseAction(v, { seed: i + 1 })));
}

/** The load average (1, 5, 15 min) to print beside a figure. */
export const loadText = (): string => os.loadavg().map((x) => x.toFixed(1)).join(", ");

/** The expert level's targets (issue 25): a 95% Wilson lower bound above 60% against search, a median decision of at most 100 CPU ms. */
export const EXPERT_TARGETS = { wilsonLowerBound: 0.6, medianCpuMs: 100 };

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** `--expert`: the expert against search (or `agents`), per deck set and overall. */
export function expertReport(o: { deals: number; seed: number; agents: [string, string]; positions: number; json: boolean }): void {
  const [x, y] = o.agents;
  const rows: { set: string; games: number; wins: number; losses: number; draws: number; score: number; wilson95: [number, number] }[] = [];
  const all = emptyDuel();
  const t0 = performance.now();
  const sets = deckSets();
  const tallies = sets.map(() => emptyDuel());
  // Deal i of every set, then deal i + 1: the progress lines show every set's score as it grows.
  for (let i = 0; i < o.deals; i++) {
    sets.forEach((set, j) => mergeDuel(tallies[j], runDuel({ decks: set.pairs[i % set.pairs.length], agents: [x, y], seed: o.seed, from: i, to: i + 1 })));
    if (!o.json && ((i + 1) % 4 === 0 || i + 1 === o.deals)) {
      const w = tallies.reduce((n, t) => n + t.wins[0] + t.draws / 2, 0);
      const g = tallies.reduce((n, t) => n + t.games, 0);
      const lo = wilson(w, g)[0];
      process.stderr.write(`  ${i + 1}/${o.deals} deals: ${sets.map((set, j) => `${set.name} ${tallies[j].wins[0]}–${tallies[j].wins[1]}`).join(", ")}; overall ${pct(w / g)} (lower bound ${pct(lo)}), ${((performance.now() - t0) / 1000).toFixed(0)} s, load ${loadText()}\n`);
    }
  }
  sets.forEach((set, j) => {
    const t = tallies[j];
    mergeDuel(all, t);
    const k = t.wins[0] + t.draws / 2;
    rows.push({ set: set.name, games: t.games, wins: t.wins[0], losses: t.wins[1], draws: t.draws, score: k / t.games, wilson95: wilson(k, t.games) });
  });
  const k = all.wins[0] + all.draws / 2;
  const times = decisionTimes(x, o.positions);
  const out = {
    agents: o.agents,
    dealsPerSet: o.deals,
    seed: o.seed,
    sets: rows,
    overall: { games: all.games, wins: all.wins[0], losses: all.wins[1], draws: all.draws, score: k / all.games, wilson95: wilson(k, all.games) },
    decisionCpuMs: { agent: x, positions: times.length, median: quantile(times, 0.5), p95: quantile(times, 0.95) },
    loadAverage: os.loadavg(),
    targets: EXPERT_TARGETS,
    checksum: all.checksum,
  };
  if (o.json) {
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return;
  }
  const lines = [`Duel: ${x} vs ${y}, ${o.deals} deals per deck set, each played twice with seats swapped (seed ${o.seed})`];
  for (const r of [...rows, { set: "overall", ...out.overall }])
    lines.push(`  ${r.set.padEnd(12)} ${r.wins}–${r.losses} (${r.draws} draws) of ${r.games}: ${x} scores ${pct(r.score)} (95% Wilson ${pct(r.wilson95[0])}–${pct(r.wilson95[1])})`);
  const d = out.decisionCpuMs;
  lines.push(`Decision CPU time ${x} (process.cpuUsage, one core, engine bundled, ${times.length} positions where it searches): median ${d.median.toFixed(1)} ms, p95 ${d.p95.toFixed(1)} ms; load average ${loadText()}`);
  const lb = out.overall.wilson95[0];
  lines.push(`Targets: overall 95% Wilson lower bound > ${pct(EXPERT_TARGETS.wilsonLowerBound)}: ${pct(lb)} (${lb > EXPERT_TARGETS.wilsonLowerBound ? "met" : "not met"}); median decision <= ${EXPERT_TARGETS.medianCpuMs} CPU ms: ${d.median.toFixed(1)} ms (${d.median <= EXPERT_TARGETS.medianCpuMs ? "met" : "not met"})`);
  lines.push(`Checksum ${out.checksum.toString(16)}`);
  process.stdout.write(`${lines.join("\n")}\n`);
}

/** The gauntlet's entrants: every level on the rotating starters, and named decks played by the heuristic. */
function entrants(): { entrant: LadderEntrant; name: string; kind: "level" | "deck" }[] {
  const starters = STARTERS.map(loadDeck);
  const levels = ["random", "heuristic", "search", "expert"].map((agent) => ({ entrant: { id: agent, agent, decks: starters }, name: agent, kind: "level" as const }));
  const decks = STARTERS.map((slug, i) => ({ id: `deck:${slug}`, decks: [starters[i]] })).map((d) => ({ entrant: { ...d, agent: "heuristic" }, name: d.id, kind: "deck" as const }));
  return [...levels, ...decks];
}

/** `--gauntlet`: the Elo ladder of the AI levels and named decks. */
export function gauntletReport(o: { deals: number; seed: number; json: boolean; write: boolean }): void {
  const list = entrants();
  const t0 = performance.now();
  const r = runLadder({
    entrants: list.map((e) => e.entrant),
    deals: o.deals,
    seed: o.seed,
    onPair: (p, done, total) => {
      if (!o.json) process.stderr.write(`  ${done}/${total}: ${list[p.a].name} vs ${list[p.b].name} ${p.wins[0]}–${p.wins[1]} (${p.draws} draws), ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
    },
  });
  const data = {
    generated: "npm run sim -- --gauntlet --write",
    deals: r.deals,
    gamesPerPair: 2 * r.deals,
    seed: r.seed,
    entrants: list.map((e, i) => ({
      id: e.entrant.id,
      kind: e.kind,
      agent: e.entrant.agent,
      rating: Math.round(r.ratings[i].rating),
      lo: Math.round(r.ratings[i].lo),
      hi: Math.round(r.ratings[i].hi),
    })),
    pairs: r.pairs.map((p) => ({ a: r.ids[p.a], b: r.ids[p.b], games: p.games, wins: p.wins, draws: p.draws })),
  };
  if (o.write) writeFileSync(path.join(ROOT, "data/gauntlet.json"), `${JSON.stringify(data, null, 2)}\n`);
  if (o.json) {
    process.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
    return;
  }
  const lines = [`Gauntlet: ${list.length} entrants, round robin, ${2 * r.deals} games per pair (each deal twice, seats swapped), seed ${r.seed}; Elo by maximum likelihood, mean 1500`];
  const order = data.entrants.map((e, i) => ({ e, i })).sort((a, b) => b.e.rating - a.e.rating);
  for (const { e } of order) lines.push(`  ${e.id.padEnd(22)} ${String(e.rating).padStart(5)}  (95% ${e.lo}–${e.hi})`);
  if (o.write) lines.push("Written to data/gauntlet.json");
  process.stdout.write(`${lines.join("\n")}\n`);
}

/**
 * `--coach`: seconds the coach (ai/coach.ts, the browser's settings: lib/coach/tasks.ts) takes per finished
 * heuristic game it analyses, one core: wall and CPU time (CPU time is the figure to trust on a loaded
 * machine), with the cores and the load average beside them. The browser splits a game's decisions over
 * up to 4 workers, so a game takes about this divided by the workers there.
 */
export function coachReport(o: { games: number; seed: number }): void {
  const decks: [CardDef[], CardDef[]] = [loadDeck(STARTERS[0]), loadDeck(STARTERS[1])];
  const h = getAgent("heuristic");
  const secs: number[] = [];
  const cpu: number[] = [];
  let marked = 0;
  let decisions = 0;
  const load0 = os.loadavg()[0];
  for (let g = 0; g < o.games; g++) {
    const setup = { decks, seed: o.seed + g, lead: (g % 2) as Player };
    let s = newGame(setup);
    const actions = [];
    while (s.winner === null) {
      const p = playersToAct(s)[0];
      const a = h.chooseAction(playerView(s, p), { seed: g });
      actions.push(a);
      const r = applyAction(s, a);
      if (!r.ok) throw new Error(r.error.reason);
      s = r.state;
    }
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const d = analyseGame(setup, actions, 0, { seed: g, samples: COACH_SAMPLES, placements: COACH_PLACEMENTS, threshold: COACH_THRESHOLD });
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1e6);
    secs.push((performance.now() - t0) / 1000);
    decisions += d.length;
    marked += d.filter((x) => x.marked).length;
    process.stderr.write(`  game ${g + 1}/${o.games}: ${d.length} decisions, ${secs[g].toFixed(2)} s wall, ${cpu[g].toFixed(2)} s CPU\n`);
  }
  const load = os.loadavg().map((x) => x.toFixed(2)).join(" ");
  process.stdout.write(
    `Coach: ${o.games} heuristic games (Chaotix Mix vs Eggman Empire), player 1's ${decisions} decisions, ${marked} marked: ` +
      `median ${quantile(cpu, 0.5).toFixed(2)} s CPU per game (p95 ${quantile(cpu, 0.95).toFixed(2)}), wall median ${quantile(secs, 0.5).toFixed(2)} s (p95 ${quantile(secs, 0.95).toFixed(2)}); ` +
      `${os.cpus().length} cores, load average ${load0.toFixed(2)} at the start, ${load} (1, 5, 15 min) at the end\n`,
  );
}

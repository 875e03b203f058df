/**
 * Batch simulation (pure): plays games between agents that see only their
 * player views, with mirrored seeds (each deal played once with each lead).
 * The worker entry (sim/worker.ts) and the CLI (scripts/sim.ts) wrap it.
 */
import { applyInPlace, checkAction } from "../apply-action";
import { firstToAct, randomLegalAction } from "../legal-actions";
import { nextInt, seedRng } from "../rng";
import { newGame } from "../setup";
import type { Action, CardDef, GameState, Player, Rules } from "../types";
import { playerView } from "../view";
import { getAgent } from "../ai";
import type { Agent } from "../ai/types";

/** The outcome of one simulated game. */
export interface GameRecord {
  index: number;
  seed: number;
  lead: Player;
  winner: Player | "draw";
  turns: number;
  emeralds: [number, number];
  /** Actions taken, in order (for replays and checksums). */
  actions: number;
  /** Per-decision times in ms of each player's agent (only with a clock). */
  decisionMs: [number[], number[]];
  /** Search iterations run per player (search agents only). */
  iterations: [number, number];
  /** A checksum of the game's course (FNV-1a over actions and outcome). */
  checksum: number;
}

/** Options of {@link playGame}. */
export interface PlayOptions {
  decks: [CardDef[], CardDef[]];
  agents: [Agent, Agent];
  seed: number;
  lead: Player;
  index?: number;
  rules?: Partial<Rules>;
  /** Search iterations per decision for search agents. */
  iterations?: number;
  /** Injected clock (ms) to time decisions; the engine reads no clock. */
  clock?: () => number;
  /** Called with each action just before it is applied (the state must not be changed). */
  observe?: (s: Readonly<GameState>, a: Action) => void;
}

function fnv(h: number, x: number): number {
  h ^= x & 0xffff;
  h = Math.imul(h, 16777619);
  h ^= x >>> 16;
  return Math.imul(h, 16777619) >>> 0;
}

function actionCode(a: Action): number {
  switch (a.type) {
    case "place":
      return a.cards.reduce<number>((h, c) => fnv(h, (c ?? 0xfff) + 1), 1);
    case "flip":
      return 10 + a.column;
    case "pass":
      return 20;
    case "correct":
      return 200 + a.op.length + (a.slot ? a.slot.column * 3 + (a.slot.row === "chaos" ? 1 : 0) + a.slot.player * 20 : 0) + (a.amount ?? 0);
    default:
      return 30 + (a.color ? a.color.length : 0) + (a.slot ? a.slot.column * 3 + (a.slot.row === "chaos" ? 1 : 0) + a.slot.player * 20 : 0) + (a.yes ? 100 : 0);
  }
}

/**
 * Play one game between two agents (RULES.md §3–§5). Agents receive only
 * their player views; the random agent draws from the same legal actions
 * without materialising a view (it reads nothing else).
 */
export function playGame(o: PlayOptions): GameRecord {
  const s = newGame({ decks: o.decks, seed: o.seed, rules: o.rules, lead: o.lead });
  const r = { rng: seedRng(o.seed ^ 0x2545f491) };
  const times: [number[], number[]] = [[], []];
  const iters: [number, number] = [0, 0];
  let h = 2166136261;
  let n = 0;
  while (s.winner === null) {
    const p = firstToAct(s) as Player;
    const agent = o.agents[p];
    let a: Action;
    const t0 = o.clock ? o.clock() : 0;
    if (agent.name === "random") a = randomLegalAction(s, p, r) as Action;
    else {
      // Discard piles are left out of the heuristic's views except when it picks a card from one (recover, put).
      const view = playerView(s, p, { deckLists: agent.samplesHidden === true, noDiscards: agent.samplesHidden !== true && s.pending?.kind !== "card" });
      a = agent.chooseAction(view, { seed: nextInt(r, 0x7fffffff), iterations: o.iterations, clock: o.clock });
      if (agent.samplesHidden && (a.type === "place" || a.type === "flip")) iters[p] += o.iterations ?? 0;
    }
    if (o.clock) times[p].push(o.clock() - t0);
    // The random policy is legal by construction; every other agent's action is checked.
    const e = agent.name === "random" ? null : checkAction(s, a);
    if (e !== null) throw new Error(`agent ${agent.name} chose an illegal action ${JSON.stringify(a)}: ${e.reason}`);
    if (o.observe) o.observe(s, a);
    applyInPlace(s, a, null);
    h = fnv(h, actionCode(a));
    n++;
  }
  const winner = s.winner as Player | "draw";
  h = fnv(fnv(h, winner === "draw" ? 2 : winner), s.turn);
  return {
    index: o.index ?? 0,
    seed: o.seed,
    lead: o.lead,
    winner,
    turns: s.turn,
    emeralds: [s.emeralds[0], s.emeralds[1]],
    actions: n,
    decisionMs: times,
    iterations: iters,
    checksum: h,
  };
}

/** Options of {@link runBatch}. */
export interface BatchOptions {
  decks: [CardDef[], CardDef[]];
  agents: [string, string];
  /** Total games of the batch; game i uses deal seed `seed + floor(i/2)` and lead `i % 2`. */
  games: number;
  seed: number;
  /** Play only games [from, to) of the batch (for workers). */
  from?: number;
  to?: number;
  rules?: Partial<Rules>;
  iterations?: number;
  clock?: () => number;
}

/** Aggregate results of a batch. */
export interface BatchResult {
  games: number;
  wins: [number, number];
  draws: number;
  turns: number;
  checksum: number;
  decisionMs: [number[], number[]];
  iterations: [number, number];
  records: GameRecord[];
}

/**
 * The deal of game `index` of a batch seeded with `seed`: games come in
 * mirrored pairs, the same deal played once with each player leading.
 */
export function batchDeal(seed: number, index: number): { seed: number; lead: Player } {
  return { seed: seed + Math.floor(index / 2), lead: (index % 2) as Player };
}

/** Play games [from, to) of a batch with mirrored seeds (half with each player leading). */
export function runBatch(o: BatchOptions): BatchResult {
  const agents: [Agent, Agent] = [getAgent(o.agents[0]), getAgent(o.agents[1])];
  const res: BatchResult = { games: 0, wins: [0, 0], draws: 0, turns: 0, checksum: 0, decisionMs: [[], []], iterations: [0, 0], records: [] };
  const from = o.from ?? 0;
  const to = o.to ?? o.games;
  for (let i = from; i < to; i++) {
    const deal = batchDeal(o.seed, i);
    const g = playGame({
      decks: o.decks,
      agents,
      seed: deal.seed,
      lead: deal.lead,
      index: i,
      rules: o.rules,
      iterations: o.iterations,
      clock: o.clock,
    });
    mergeRecord(res, g);
  }
  return res;
}

/** Add one game to a batch result (order-independent checksum). */
export function mergeRecord(res: BatchResult, g: GameRecord): void {
  res.games++;
  if (g.winner === "draw") res.draws++;
  else res.wins[g.winner]++;
  res.turns += g.turns;
  res.checksum = (res.checksum + Math.imul(g.checksum, 2 * g.index + 1)) >>> 0;
  for (const p of [0, 1] as Player[]) for (const t of g.decisionMs[p]) res.decisionMs[p].push(t);
  res.iterations[0] += g.iterations[0];
  res.iterations[1] += g.iterations[1];
  res.records.push(g);
}

/** Wilson score interval for k successes out of n (95% by default). */
export function wilson(k: number, n: number, z = 1.959964): [number, number] {
  if (n === 0) return [0, 1];
  const ph = k / n;
  const d = 1 + (z * z) / n;
  const c = ph + (z * z) / (2 * n);
  const m = z * Math.sqrt((ph * (1 - ph)) / n + (z * z) / (4 * n * n));
  return [(c - m) / d, (c + m) / d];
}

/**
 * Matchup tallies for the lab: games between "my deck" (player 1) and an
 * opponent, played by the engine's simulator with the same deals as
 * `runBatch` (game i: deal seed + ⌊i/2⌋, player i mod 2 leads), so the lab in
 * the browser and the CLI give the same numbers for the same seed. A chunk of
 * games gives a tally; tallies of disjoint chunks add up in any order.
 */
import { batchDeal, getAgent, playGame, type Agent, type CardDef, type Player, type Rules } from "@/lib/engine";

/** AI levels a lab side can be played by. */
export const LAB_AGENTS = ["random", "heuristic", "search", "expert"] as const;
export type LabAgent = (typeof LAB_AGENTS)[number];

/** One matchup: my deck against one opponent, each with its AI level. */
export interface MatchupSpec {
  you: CardDef[];
  opp: CardDef[];
  agents: [LabAgent, LabAgent];
  seed: number;
  rules?: Partial<Rules>;
  /** Search iterations per decision for search agents (default: the agent's own). */
  iterations?: number;
}

/** Wins, losses and draws from my side. */
export interface SideTally {
  games: number;
  wins: number;
  losses: number;
  draws: number;
}

/** Everything the lab shows about a matchup, summed over games. */
export interface MatchupTally extends SideTally {
  /** Games in which I led turn 1 (on the play) and in which the opponent did (on the draw). */
  onPlay: SideTally;
  onDraw: SideTally;
  /** Sum of turns played, for the average. */
  turns: number;
  /** How games ended: a player reached 3 emeralds, or the turn limit made it a draw. */
  ends: { emeralds: number; turnLimit: number };
  /** Per title of my deck: games it was on my field in, by result. */
  cards: Record<string, { won: number; lost: number; drawn: number }>;
  /** Order-independent checksum of the games' courses (matches `runBatch`'s). */
  checksum: number;
}

export function emptySide(): SideTally {
  return { games: 0, wins: 0, losses: 0, draws: 0 };
}

export function emptyTally(): MatchupTally {
  return { ...emptySide(), onPlay: emptySide(), onDraw: emptySide(), turns: 0, ends: { emeralds: 0, turnLimit: 0 }, cards: {}, checksum: 0 };
}

function addSide(a: SideTally, b: SideTally): void {
  a.games += b.games;
  a.wins += b.wins;
  a.losses += b.losses;
  a.draws += b.draws;
}

/** Add tally `b` into `a` (in place) and return `a`. */
export function mergeTally(a: MatchupTally, b: MatchupTally): MatchupTally {
  addSide(a, b);
  addSide(a.onPlay, b.onPlay);
  addSide(a.onDraw, b.onDraw);
  a.turns += b.turns;
  a.ends.emeralds += b.ends.emeralds;
  a.ends.turnLimit += b.ends.turnLimit;
  for (const [t, c] of Object.entries(b.cards)) {
    const x = (a.cards[t] ??= { won: 0, lost: 0, drawn: 0 });
    x.won += c.won;
    x.lost += c.lost;
    x.drawn += c.drawn;
  }
  a.checksum = (a.checksum + b.checksum) >>> 0;
  return a;
}

const agentCache = new Map<string, Agent>();
function agent(name: LabAgent): Agent {
  let a = agentCache.get(name);
  if (!a) {
    a = getAgent(name);
    agentCache.set(name, a);
  }
  return a;
}

/**
 * Play games [from, to) of a matchup and tally them from my side. Pure and
 * deterministic: the same spec and range give the same tally anywhere.
 */
export function playMatchup(spec: MatchupSpec, from: number, to: number): MatchupTally {
  const t = emptyTally();
  const agents: [Agent, Agent] = [agent(spec.agents[0]), agent(spec.agents[1])];
  const seen = new Set<string>();
  const observe = (s: Readonly<{ cards: readonly CardDef[] }>, a: { type: string; player?: Player; cards?: readonly (number | null)[] }) => {
    if (a.type !== "place" || a.player !== 0 || !a.cards) return;
    for (const id of a.cards) if (id !== null) seen.add(s.cards[id].title);
  };
  for (let i = from; i < to; i++) {
    seen.clear();
    const deal = batchDeal(spec.seed, i);
    const g = playGame({ decks: [spec.you, spec.opp], agents, seed: deal.seed, lead: deal.lead, index: i, rules: spec.rules, iterations: spec.iterations, observe });
    const side = deal.lead === 0 ? t.onPlay : t.onDraw;
    const result: keyof SideTally = g.winner === "draw" ? "draws" : g.winner === 0 ? "wins" : "losses";
    t.games++;
    t[result]++;
    side.games++;
    side[result]++;
    t.turns += g.turns;
    if (g.winner === "draw") t.ends.turnLimit++;
    else t.ends.emeralds++;
    for (const title of seen) {
      const c = (t.cards[title] ??= { won: 0, lost: 0, drawn: 0 });
      if (result === "wins") c.won++;
      else if (result === "losses") c.lost++;
      else c.drawn++;
    }
    t.checksum = (t.checksum + Math.imul(g.checksum, 2 * g.index + 1)) >>> 0;
  }
  return t;
}

/** A gauntlet's game `g`: opponent g mod k, deal ⌊g/k⌋ of the batch (so every opponent gets mirrored pairs). */
export function gauntletGame(g: number, opponents: number): { opponent: number; deal: number } {
  return { opponent: g % opponents, deal: Math.floor(g / opponents) };
}

/**
 * Scores of games [from, to) of my deck against a gauntlet, from my side:
 * 2 for a win, 1 for a draw, 0 for a loss. Game g is {@link gauntletGame}'s
 * deal against its opponent, so two decks of the same size meet the same
 * deals (common random numbers: a one-card swap keeps every shuffle).
 */
export function gauntletScores(you: CardDef[], opponents: CardDef[][], agents: [LabAgent, LabAgent], seed: number, from: number, to: number, rules?: Partial<Rules>): number[] {
  const pair: [Agent, Agent] = [agent(agents[0]), agent(agents[1])];
  const out: number[] = [];
  for (let g = from; g < to; g++) {
    const { opponent, deal } = gauntletGame(g, opponents.length);
    const d = batchDeal(seed, deal);
    const r = playGame({ decks: [you, opponents[opponent]], agents: pair, seed: d.seed, lead: d.lead, index: deal, rules });
    out.push(r.winner === "draw" ? 1 : r.winner === 0 ? 2 : 0);
  }
  return out;
}

/**
 * The lab's run state as a pure reducer: which chunks of games to hand to the
 * next idle worker, how finished chunks (arriving in any order) join each
 * matchup's results, and when a matchup stops. Results only ever cover a
 * contiguous prefix of games [0, n), so a run that stopped after n games is
 * reproduced exactly by playing games [0, n) with the same seed.
 */
import { emptyTally, mergeTally, type LabAgent, type MatchupTally } from "./matchup";
import { confidenceSequence, stopReason, wilsonInterval, type StopReason, type StopRule } from "./stats";

/** One point of the estimate-over-games chart. */
export interface SeriesPoint {
  games: number;
  rate: number;
  lo: number;
  hi: number;
}

export interface MatchupRun {
  /** Games [0, done) are merged into `tally`. */
  done: number;
  tally: MatchupTally;
  /** Next game index not yet handed out. */
  next: number;
  /** Finished chunks waiting for the ones before them, by first game index. */
  waiting: Record<number, { to: number; tally: MatchupTally }>;
  /** Chunks handed out and not yet back, by first game index. */
  inFlight: Record<number, number>;
  /** Fixed number of games to play (a shared link), or null to follow the stop rule. */
  target: number | null;
  stop: StopReason;
  series: SeriesPoint[];
}

export interface RunState {
  matchups: MatchupRun[];
  rule: StopRule;
  chunk: number;
  /** "running" hands out chunks; "paused" hands out none (chunks in flight still finish and join). */
  status: "running" | "paused" | "finished";
}

export type RunAction =
  | { type: "result"; matchup: number; from: number; to: number; tally: MatchupTally }
  | { type: "pause" }
  | { type: "resume" }
  /** The workers went away (page teardown): chunks in flight will never return and are handed out again. */
  | { type: "requeue" };

/** A chunk of games for a worker. */
export interface Chunk {
  matchup: number;
  from: number;
  to: number;
}

/** Games per chunk for an agent pairing: small enough for smooth progress, large enough to amortise messages. */
export function chunkSize(agents: readonly LabAgent[]): number {
  if (agents.includes("search") || agents.includes("expert")) return 2;
  if (agents.includes("heuristic")) return 40;
  return 200;
}

/** A fresh run: `targets[i]` fixes matchup i's game count (shared links), null follows `rule`. */
export function initRun(count: number, rule: StopRule, chunk: number, targets: readonly (number | null)[] = []): RunState {
  return {
    rule,
    chunk,
    status: "running",
    matchups: Array.from({ length: count }, (_, i) => ({
      done: 0,
      tally: emptyTally(),
      next: 0,
      waiting: {},
      inFlight: {},
      target: targets[i] ?? null,
      stop: targets[i] === 0 ? "max-games" : null,
      series: [],
    })),
  };
}

function cap(m: MatchupRun, rule: StopRule): number {
  return m.target ?? rule.maxGames;
}

/**
 * The next chunk to hand out, or null. Matchups are served in order, so the
 * first opponents finish first; a stopped matchup gets no more chunks.
 */
export function nextChunk(s: RunState): Chunk | null {
  if (s.status !== "running") return null;
  for (let i = 0; i < s.matchups.length; i++) {
    const m = s.matchups[i];
    if (m.stop !== null) continue;
    const end = cap(m, s.rule);
    if (m.next >= end) continue;
    return { matchup: i, from: m.next, to: Math.min(end, m.next + s.chunk) };
  }
  return null;
}

/** Mark a chunk as handed out (returns the new state). */
export function assign(s: RunState, c: Chunk): RunState {
  const matchups = s.matchups.slice();
  const m = matchups[c.matchup];
  matchups[c.matchup] = { ...m, next: Math.max(m.next, c.to), inFlight: { ...m.inFlight, [c.from]: c.to } };
  return { ...s, matchups };
}

/** Summary figures of a tally: win rate, Wilson interval, confidence sequence. */
export function estimate(t: MatchupTally): { rate: number; wilson: [number, number]; sequence: [number, number] } {
  return { rate: t.games ? t.wins / t.games : 0, wilson: wilsonInterval(t.wins, t.games), sequence: confidenceSequence(t.wins, t.games) };
}

function settle(m: MatchupRun, rule: StopRule): MatchupRun {
  let { done, tally, waiting, stop, series } = m;
  let changed = false;
  while (stop === null && waiting[done]) {
    const w = waiting[done];
    const rest = { ...waiting };
    delete rest[done];
    waiting = rest;
    tally = mergeTally(structuredCloneTally(tally), w.tally);
    done = w.to;
    changed = true;
    if (m.target !== null) {
      if (done >= m.target) stop = "max-games";
    } else stop = stopReason(tally.wins, done, rule);
  }
  if (changed) {
    const e = estimate(tally);
    series = [...series, { games: done, rate: e.rate, lo: e.wilson[0], hi: e.wilson[1] }];
  }
  if (stop !== null) waiting = {};
  return { ...m, done, tally, waiting, stop, series };
}

function structuredCloneTally(t: MatchupTally): MatchupTally {
  return mergeTally(emptyTally(), t);
}

export function runReducer(s: RunState, a: RunAction): RunState {
  switch (a.type) {
    case "pause":
      return s.status === "running" ? { ...s, status: "paused" } : s;
    case "resume":
      // Chunks in flight while paused still arrive and join; handing out resumes where it stopped.
      return s.status === "paused" ? finishIfDone({ ...s, status: "running" }) : s;
    case "requeue": {
      const matchups = s.matchups.map((m) => {
        const lost = Object.keys(m.inFlight).map(Number);
        if (lost.length === 0) return m;
        const next = Math.min(...lost);
        const waiting = Object.fromEntries(Object.entries(m.waiting).filter(([from]) => Number(from) < next));
        return { ...m, inFlight: {}, waiting, next };
      });
      return { ...s, matchups };
    }
    case "result": {
      const matchups = s.matchups.slice();
      const m = matchups[a.matchup];
      if (!m || !(a.from in m.inFlight)) return s;
      const inFlight = { ...m.inFlight };
      delete inFlight[a.from];
      const withChunk: MatchupRun = m.stop !== null ? { ...m, inFlight } : { ...m, inFlight, waiting: { ...m.waiting, [a.from]: { to: a.to, tally: a.tally } } };
      matchups[a.matchup] = settle(withChunk, s.rule);
      return finishIfDone({ ...s, matchups });
    }
  }
}

function finishIfDone(s: RunState): RunState {
  const done = s.matchups.every((m) => m.stop !== null || (m.done >= cap(m, s.rule) && Object.keys(m.inFlight).length === 0));
  return done ? { ...s, status: "finished" } : s;
}

/** Games finished across matchups (the progress bar's value) and the most that may be played (its maximum). */
export function progress(s: RunState): { played: number; planned: number } {
  let played = 0;
  let planned = 0;
  for (const m of s.matchups) {
    played += m.done;
    planned += m.stop !== null ? m.done : cap(m, s.rule);
  }
  return { played, planned };
}

import { Glicko2 } from "glicko2";

/**
 * The ladder's rules that need no database (docs/ladder.md): Glicko-2 through
 * the `glicko2` package (one rated game is one rating period, as online
 * ladders do), seasons, the queue's rating window and its expected wait, and
 * the fixed ratings of the AI levels for the practice pool.
 */

/** Glicko-2's system constant (Glickman suggests 0.3 to 1.2; 0.5 is his example's). */
export const TAU = 0.5;

/** A new player's rating, deviation and volatility (Glickman's defaults). */
export const START = { rating: 1500, rd: 350, vol: 0.06 } as const;

/** A deviation above this marks a rating as provisional (few games, or long idle). */
export const PROVISIONAL_RD = 110;

/** A rating: Glicko-2's three numbers. */
export interface Glicko {
  rating: number;
  rd: number;
  vol: number;
}

/** A game's score for the player: 1 a win, 0.5 a draw, 0 a loss. */
export type Score = 0 | 0.5 | 1;

/**
 * A rating period for one player: its games against opponents (rated as they
 * stood before the period), through the library. The opponents' own ratings
 * are not changed by it (each side is rated in its own call).
 */
export function ratePeriod(player: Glicko, games: { opponent: Glicko; score: Score }[]): Glicko {
  const g = new Glicko2({ tau: TAU, rating: START.rating, rd: START.rd, vol: START.vol });
  const me = g.makePlayer(player.rating, player.rd, player.vol);
  g.updateRatings(games.map(({ opponent, score }) => [me, g.makePlayer(opponent.rating, opponent.rd, opponent.vol), score]));
  return { rating: me.getRating(), rd: me.getRd(), vol: me.getVol() };
}

/** One rated game between two players: both new ratings, each from the other's rating before the game. */
export function rateGame(a: Glicko, b: Glicko, scoreOfA: Score): [Glicko, Glicko] {
  return [ratePeriod(a, [{ opponent: b, score: scoreOfA }]), ratePeriod(b, [{ opponent: a, score: (1 - scoreOfA) as Score }])];
}

/** Length of the idle rating period that widens a deviation (one day). */
export const IDLE_PERIOD_MS = 24 * 60 * 60 * 1000;

/**
 * A rating after `idleMs` without a game: one empty rating period per whole
 * day widens the deviation (Glicko-2's step 6, through the library), never
 * past a new player's.
 */
export function afterIdle(r: Glicko, idleMs: number): Glicko {
  const periods = Math.min(Math.floor(Math.max(0, idleMs) / IDLE_PERIOD_MS), 365);
  if (periods === 0) return r;
  const g = new Glicko2({ tau: TAU });
  const me = g.makePlayer(r.rating, r.rd, r.vol);
  for (let i = 0; i < periods && me.getRd() < START.rd; i++) g.updateRatings([]);
  return { rating: r.rating, rd: Math.min(me.getRd(), START.rd), vol: r.vol };
}

// ---- seasons ----

/** Seasons are counted from this fixed Monday (UTC): season 1 starts here. */
export const SEASON_EPOCH = Date.UTC(2026, 0, 5);

/** The season length in days: `LADDER_SEASON_DAYS` (1..365), default 28. */
export function seasonDays(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.LADDER_SEASON_DAYS);
  return Number.isInteger(n) && n >= 1 && n <= 365 ? n : 28;
}

/** The season a moment falls in (1, 2, ...; before the epoch: 1). */
export function seasonOf(at: Date, days = seasonDays()): number {
  return Math.max(1, Math.floor((at.getTime() - SEASON_EPOCH) / (days * IDLE_PERIOD_MS)) + 1);
}

/** A season's first moment and the first moment after it. */
export function seasonRange(season: number, days = seasonDays()): { start: Date; end: Date } {
  const start = SEASON_EPOCH + (season - 1) * days * IDLE_PERIOD_MS;
  return { start: new Date(start), end: new Date(start + days * IDLE_PERIOD_MS) };
}

// ---- anti-farming ----

/** Of the ranked games between the same two players, only this many ending within PAIR_WINDOW_MS count. */
export const PAIR_LIMIT = 3;
export const PAIR_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The key of a pair of players, the same whichever order they are given in. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}

// ---- the queue ----

/** The queue's rating window: ±100 at first, 50 wider every 10 s waited, at most ±800. */
export const WINDOW = { start: 100, step: 50, everyMs: 10_000, max: 800 } as const;

/** The half-width of a waiting player's window after `waitedMs` in the queue. */
export function queueWindow(waitedMs: number): number {
  return Math.min(WINDOW.start + WINDOW.step * Math.floor(Math.max(0, waitedMs) / WINDOW.everyMs), WINDOW.max);
}

/** Two waiting players may be paired when each one's window holds the other's rating. */
export function canPair(a: { rating: number; waitedMs: number }, b: { rating: number; waitedMs: number }): boolean {
  const gap = Math.abs(a.rating - b.rating);
  return gap <= queueWindow(a.waitedMs) && gap <= queueWindow(b.waitedMs);
}

/** The expected wait in seconds: the median of recent pairings' waits; null with none to go by. */
export function expectedWait(recentWaits: readonly number[]): number | null {
  if (recentWaits.length === 0) return null;
  const s = [...recentWaits].sort((x, y) => x - y);
  const m = Math.floor(s.length / 2);
  return Math.round(s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2);
}

// ---- practice ----

/** The AI levels' fixed ratings for the practice pool (by lib/playtest's level ids: Rookie, Racer, Champion, Legend). */
export const AI_RATINGS = { random: 1000, heuristic: 1500, search: 1650, expert: 1750 } as const;

/** An AI level as an opponent: its fixed rating, with a small deviation (it does not change). */
export function aiOpponent(level: keyof typeof AI_RATINGS): Glicko {
  return { rating: AI_RATINGS[level], rd: 50, vol: START.vol };
}

/** The seasons the picker offers, newest first: the current one, the 11 before it, and any older one with ratings. */
export function seasonList(current: number, rated: readonly number[], days = seasonDays()): { season: number; start: string; end: string; current: boolean }[] {
  const all = new Set<number>(rated.filter((s) => s >= 1 && s <= current));
  for (let s = current; s >= Math.max(1, current - 11); s--) all.add(s);
  return [...all]
    .sort((a, b) => b - a)
    .map((season) => {
      const { start, end } = seasonRange(season, days);
      return { season, start: start.toISOString().slice(0, 10), end: new Date(end.getTime() - IDLE_PERIOD_MS).toISOString().slice(0, 10), current: season === current };
    });
}

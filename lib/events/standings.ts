/**
 * Standings of an event's Swiss rounds (docs/events.md, "Standings"): pure.
 *
 * - A match win is 3 match points, a draw 1, a loss 0. A game win is 3 game
 *   points, a drawn game 1.
 * - A **bye** is a match win, 2–0 in games. It is not an opponent: it never
 *   enters anyone's opponents' percentages.
 * - A **late entry**'s rounds before its first are match losses, 0–2 in games,
 *   with no opponent.
 * - A **dropped** player's record stops at the round they dropped after; they
 *   stay in the standings (and in their opponents' percentages).
 * - Match-win % = match points / (3 × rounds counted), game-win % = game points
 *   / (3 × games played), each at least 1/3 (the usual 33% floor).
 *   Opponents' match-win % and opponents' game-win % are the averages of the
 *   real opponents' (floored) percentages; 0 with no opponent.
 * - Order: match points, then opponents' match-win %, game-win %, opponents'
 *   game-win %, then name.
 */

export interface StandingEntry {
  id: string;
  name: string;
  firstRound: number;
  droppedAfter: number | null;
}

/** A finished Swiss match; entryB null is a bye. */
export interface StandingMatch {
  round: number;
  entryA: string;
  entryB: string | null;
  winsA: number;
  winsB: number;
  draws: number;
}

export interface StandingRow {
  rank: number;
  id: string;
  name: string;
  points: number;
  wins: number;
  losses: number;
  draws: number;
  /** Opponents' match-win %, game-win %, opponents' game-win % as fractions (0..1). */
  omw: number;
  gw: number;
  ogw: number;
  mw: number;
  dropped: boolean;
  hadBye: boolean;
  opponents: string[];
}

const FLOOR = 1 / 3;

interface Tally {
  points: number;
  wins: number;
  losses: number;
  draws: number;
  rounds: number;
  gamePoints: number;
  games: number;
  opponents: string[];
  hadBye: boolean;
}

/** The standings after `roundsDone` Swiss rounds. */
export function computeStandings(entries: readonly StandingEntry[], matches: readonly StandingMatch[], roundsDone: number): StandingRow[] {
  const tally = new Map<string, Tally>(entries.map((e) => [e.id, { points: 0, wins: 0, losses: 0, draws: 0, rounds: 0, gamePoints: 0, games: 0, opponents: [], hadBye: false }]));
  const counts = (id: string, round: number) => {
    const e = entries.find((x) => x.id === id);
    return !!e && round <= roundsDone && (e.droppedAfter === null || round <= e.droppedAfter);
  };
  const record = (id: string, own: number, other: number, draws: number, opponent: string | null) => {
    const t = tally.get(id)!;
    t.rounds += 1;
    if (own > other) {
      t.wins += 1;
      t.points += 3;
    } else if (own < other) t.losses += 1;
    else {
      t.draws += 1;
      t.points += 1;
    }
    t.gamePoints += 3 * own + draws;
    t.games += own + other + draws;
    if (opponent) t.opponents.push(opponent);
    else if (own > other) t.hadBye = true;
  };
  for (const m of matches) {
    if (m.entryB === null) {
      if (counts(m.entryA, m.round)) record(m.entryA, 2, 0, 0, null);
      continue;
    }
    if (counts(m.entryA, m.round)) record(m.entryA, m.winsA, m.winsB, m.draws, m.entryB);
    if (counts(m.entryB, m.round)) record(m.entryB, m.winsB, m.winsA, m.draws, m.entryA);
  }
  // the rounds a late entry missed are losses, 0-2, with no opponent
  for (const e of entries) for (let r = 1; r < Math.min(e.firstRound, roundsDone + 1); r++) record(e.id, 0, 2, 0, null);

  const mw = (id: string) => {
    const t = tally.get(id)!;
    return t.rounds === 0 ? FLOOR : Math.max(FLOOR, t.points / (3 * t.rounds));
  };
  const gw = (id: string) => {
    const t = tally.get(id)!;
    return t.games === 0 ? FLOOR : Math.max(FLOOR, t.gamePoints / (3 * t.games));
  };
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  const rows = entries.map((e) => {
    const t = tally.get(e.id)!;
    return {
      rank: 0,
      id: e.id,
      name: e.name,
      points: t.points,
      wins: t.wins,
      losses: t.losses,
      draws: t.draws,
      mw: mw(e.id),
      gw: gw(e.id),
      omw: mean(t.opponents.map(mw)),
      ogw: mean(t.opponents.map(gw)),
      dropped: e.droppedAfter !== null,
      hadBye: t.hadBye,
      opponents: t.opponents,
    };
  });
  // compare percentages to 1e-9 so that float noise never decides a place
  const cmp = (a: number, b: number) => (Math.abs(a - b) < 1e-9 ? 0 : b - a);
  rows.sort((a, b) => b.points - a.points || cmp(a.omw, b.omw) || cmp(a.gw, b.gw) || cmp(a.ogw, b.ogw) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  rows.forEach((r, i) => (r.rank = i + 1));
  return rows;
}

/** A fraction as the percentage shown in the standings (two decimals). */
export function percent(x: number): string {
  return `${(x * 100).toFixed(2)}%`;
}

/**
 * Swiss pairing (docs/events.md, "Pairings"): pure, deterministic, no I/O.
 *
 * Why not a package: `tournament-organizer` (MIT) depends on
 * `tournament-pairings`, which is GPL-3.0; `swiss-pairing` (MIT) only
 * penalises rematches (they still happen) and hands the bye by weight rather
 * than to the lowest-ranked player without one. So the rules are here, small
 * and property-tested (`swiss.test.ts`):
 *
 * - Players come in standings order (best first). Nobody meets the same
 *   opponent twice.
 * - With an odd number, the **bye** goes to the lowest-ranked player who has
 *   not had one and for whom the others can still be paired without a
 *   rematch; a player gets a second bye only when no one without one can take it.
 * - Pairing follows the Dutch system's shape: within a score group the top
 *   half meets the bottom half (1st against the first of the lower half, ...);
 *   a player who cannot be paired in their group floats down to the next.
 *   The first pairing found in that preference order, searching with
 *   backtracking, is the one used.
 * - Null when no pairing without a rematch exists (the organiser ends the
 *   Swiss rounds then).
 */

export interface SwissPlayer {
  id: string;
  points: number;
  /** Ids of the opponents already met. */
  opponents: readonly string[];
  hadBye: boolean;
}

export interface SwissPairing {
  pairs: [string, string][];
  bye: string | null;
}

/** The search gives up after this many steps (returns null) so a pathological case cannot hold the server. */
const STEP_LIMIT = 200_000;

/** The opponent preference order of `players[0]` among the rest (Dutch: the top half meets the bottom half of the score group). */
function candidates(players: readonly SwissPlayer[]): SwissPlayer[] {
  const [top, ...rest] = players;
  const group = rest.filter((p) => p.points === top.points);
  const lower = rest.filter((p) => p.points !== top.points);
  // in a group of g players (top included), the top player's Dutch opponent is g/2 places below
  const offset = Math.max(0, Math.floor((group.length + 1) / 2) - 1);
  const preferred = [...group.slice(offset), ...group.slice(0, offset).reverse()];
  return [...preferred, ...lower];
}

function pairAll(players: readonly SwissPlayer[], budget: { steps: number }): [string, string][] | null {
  if (players.length === 0) return [];
  if (--budget.steps < 0) return null;
  const top = players[0];
  const met = new Set(top.opponents);
  for (const opp of candidates(players)) {
    if (met.has(opp.id) || opp.opponents.includes(top.id)) continue;
    const rest = players.filter((p) => p !== top && p !== opp);
    const paired = pairAll(rest, budget);
    if (paired) return [[top.id, opp.id], ...paired];
    if (budget.steps < 0) return null;
  }
  return null;
}

/** Pairs a round of players given in standings order (best first). */
export function pairSwissRound(standingsOrder: readonly SwissPlayer[]): SwissPairing | null {
  const budget = { steps: STEP_LIMIT };
  if (standingsOrder.length % 2 === 0) {
    const pairs = pairAll(standingsOrder, budget);
    return pairs ? { pairs, bye: null } : null;
  }
  const fromBottom = [...standingsOrder].reverse();
  // those without a bye first, from the bottom; a second bye only when no one without one can take it
  const receivers = [...fromBottom.filter((p) => !p.hadBye), ...fromBottom.filter((p) => p.hadBye)];
  for (const receiver of receivers) {
    const pairs = pairAll(
      standingsOrder.filter((p) => p !== receiver),
      budget,
    );
    if (pairs) return { pairs, bye: receiver.id };
    if (budget.steps < 0) return null;
  }
  return null;
}

/** The Swiss rounds derived from the number of entrants: ⌈log2 n⌉ (at least 1), as in most card-game events. */
export function derivedRounds(entrants: number): number {
  return Math.max(1, Math.ceil(Math.log2(Math.max(2, entrants))));
}

/** Single-elimination seeding of a top cut of `size` (positions 1-based in the Swiss standings): 1v8, 4v5, 2v7, 3v6. */
export function topCutSeeds(size: 4 | 8): [number, number][] {
  return size === 4
    ? [
        [1, 4],
        [2, 3],
      ]
    : [
        [1, 8],
        [4, 5],
        [2, 7],
        [3, 6],
      ];
}

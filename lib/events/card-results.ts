import type { CardResultDTO, DecklistDTO } from "./types";

/**
 * Per-card results of a finished event (docs/events.md): for each card, the
 * match-win rate of the decks that contain it, over their played matches
 * (byes left out; a drawn match is not a win). With fewer than
 * SMALL_SAMPLE matches the rate is flagged as a small sample.
 */

export const SMALL_SAMPLE = 10;

type PlayedMatch = { entryA: string; entryB: string | null; winsA: number; winsB: number; status: string };

export function cardResults(decklists: readonly DecklistDTO[], matches: readonly PlayedMatch[]): CardResultDTO[] {
  const record = new Map<string, { matches: number; wins: number }>();
  for (const m of matches) {
    if (m.entryB === null || m.status !== "done") continue;
    for (const [id, won] of [
      [m.entryA, m.winsA > m.winsB],
      [m.entryB, m.winsB > m.winsA],
    ] as const) {
      const r = record.get(id) ?? { matches: 0, wins: 0 };
      r.matches += 1;
      if (won) r.wins += 1;
      record.set(id, r);
    }
  }
  const cards = new Map<string, CardResultDTO>();
  for (const d of decklists) {
    const r = record.get(d.entryId) ?? { matches: 0, wins: 0 };
    for (const c of d.cards) {
      const x = cards.get(c.key) ?? { key: c.key, title: c.title, decks: 0, matches: 0, wins: 0, rate: "", smallSample: true };
      x.decks += 1;
      x.matches += r.matches;
      x.wins += r.wins;
      cards.set(c.key, x);
    }
  }
  return [...cards.values()]
    .map((x) => ({ ...x, rate: x.matches === 0 ? "–" : `${Math.round((100 * x.wins) / x.matches)}%`, smallSample: x.matches < SMALL_SAMPLE }))
    .sort((a, b) => b.matches - a.matches || b.wins / Math.max(1, b.matches) - a.wins / Math.max(1, a.matches) || a.title.localeCompare(b.title));
}

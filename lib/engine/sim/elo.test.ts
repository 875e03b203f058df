import { describe, expect, it } from "vitest";
import { eloExpected, fitElo, type EloResult } from "./elo";
import { ladderRatings } from "./ladder";

/** A synthetic round robin whose scores are exactly the Elo model's expectations for `truth`. */
function table(truth: number[], games: number): EloResult[] {
  const out: EloResult[] = [];
  for (let a = 0; a < truth.length; a++)
    for (let b = a + 1; b < truth.length; b++) out.push({ a, b, games, scoreA: games * eloExpected(truth[a] - truth[b]) });
  return out;
}

describe("Elo by maximum likelihood", () => {
  it("recovers the ratings behind a synthetic table, centred on 1500", () => {
    const truth = [1100, 1400, 1500, 1650, 1850];
    const r = fitElo(truth.length, table(truth, 100_000));
    const shift = 1500 - truth.reduce((a, b) => a + b, 0) / truth.length;
    for (let i = 0; i < truth.length; i++) expect(r[i].rating).toBeCloseTo(truth[i] + shift, 0);
    expect(r.reduce((a, b) => a + b.rating, 0) / r.length).toBeCloseTo(1500, 6);
  });

  it("gives the textbook difference for two entrants: 76% is 200 points", () => {
    const r = fitElo(2, [{ a: 0, b: 1, games: 100_000, scoreA: 76_000 }], { prior: 0 });
    expect(r[0].rating - r[1].rating).toBeCloseTo(400 * Math.log10(0.76 / 0.24), 1);
    // One pair: each rating is half the difference from the mean, so both have the same error.
    expect(r[0].se).toBeCloseTo(r[1].se, 6);
  });

  it("narrows its intervals with more games and keeps a clean sweep finite", () => {
    const truth = [1300, 1500, 1700];
    const few = fitElo(3, table(truth, 40));
    const many = fitElo(3, table(truth, 4000));
    for (let i = 0; i < 3; i++) {
      expect(many[i].hi - many[i].lo).toBeLessThan(few[i].hi - few[i].lo);
      expect(many[i].lo).toBeLessThan(many[i].rating);
      expect(many[i].hi).toBeGreaterThan(many[i].rating);
    }
    const sweep = fitElo(2, [{ a: 0, b: 1, games: 50, scoreA: 50 }]);
    expect(Number.isFinite(sweep[0].rating)).toBe(true);
    expect(sweep[0].rating).toBeGreaterThan(sweep[1].rating + 300);
  });

  it("rates a gauntlet table from wins and draws", () => {
    const r = ladderRatings(2, [{ a: 0, b: 1, games: 40, wins: [20, 10], draws: 10, checksum: 0 }]);
    expect(r[0].rating).toBeGreaterThan(r[1].rating);
  });
});

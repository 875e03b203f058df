import { describe, expect, it } from "vitest";
import { formatGauntlet, gauntletBalanced, runGauntlet } from "./gauntlet";
import { runBatch } from "./simulate";
import { mixedDecks, VANILLA, cycleDeck } from "../test-fixtures";

const [A, B] = mixedDecks();
const C = cycleDeck(VANILLA, 30, 4);
const DECKS = [
  { name: "A", cards: A },
  { name: "B", cards: B },
  { name: "C", cards: C },
];

describe("gauntlet (pure)", () => {
  it("plays every pair once with the same mirrored batch the simulator plays, and is deterministic", () => {
    const r = runGauntlet({ decks: DECKS, seed: 5, games: 20 });
    expect(r.pairs.map((p) => [p.a, p.b])).toEqual([[0, 1], [0, 2], [1, 2]]);
    const direct = runBatch({ decks: [A, C], agents: ["heuristic", "heuristic"], games: 20, seed: 5 });
    expect(r.pairs[1]).toMatchObject({ games: 20, wins: direct.wins, draws: direct.draws, checksum: direct.checksum });
    expect(r.pairs[1].scoreA).toBeCloseTo((direct.wins[0] + direct.draws / 2) / 20);
    expect(runGauntlet({ decks: DECKS, seed: 5, games: 20 })).toEqual(r);
    expect(runGauntlet({ decks: DECKS, seed: 6, games: 20 }).pairs.map((p) => p.checksum)).not.toEqual(r.pairs.map((p) => p.checksum));
  });

  it("prints a square table of each row deck's score against each column deck", () => {
    const r = runGauntlet({ decks: DECKS, seed: 1, games: 10, agents: ["random", "random"] });
    const t = formatGauntlet(r);
    const p = r.pairs[0];
    expect(t).toContain(`| A | — | ${(100 * p.scoreA).toFixed(1)}% |`);
    expect(t).toContain(`| B | ${(100 * (1 - p.scoreA)).toFixed(1)}% | — |`);
    expect(gauntletBalanced({ ...r, pairs: r.pairs.map((x) => ({ ...x, scoreA: 0.5 })) })).toBe(true);
    expect(gauntletBalanced({ ...r, pairs: r.pairs.map((x, i) => ({ ...x, scoreA: i === 2 ? 0.56 : 0.5 })) })).toBe(false);
  });

  it("rejects fewer than two decks and odd game counts", () => {
    expect(() => runGauntlet({ decks: DECKS.slice(0, 1), seed: 1, games: 10 })).toThrow(/two decks/);
    expect(() => runGauntlet({ decks: DECKS, seed: 1, games: 11 })).toThrow(/even/);
  });
});

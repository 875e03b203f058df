import { describe, expect, it } from "vitest";
import { confidenceSequence, gamesForWidth, sequenceHalfWidth, stopReason, wilsonInterval } from "./stats";
import { cardsSeenByTurn, probAtLeast } from "@/lib/decks/stats";
import { dealSample, drawsAfter } from "./sample-hand";
import type { CardInput } from "@/lib/engine";

describe("Wilson interval", () => {
  it("matches published values", () => {
    // 70/100: Wilson 95% interval 0.6042–0.7810 (e.g. Newcombe 1998's method 3, R's prop.test without correction)
    const [lo, hi] = wilsonInterval(70, 100);
    expect(lo).toBeCloseTo(0.60415, 4);
    expect(hi).toBeCloseTo(0.781, 3);
    // 0/10: 0–0.2775
    const [lo0, hi0] = wilsonInterval(0, 10);
    expect(lo0).toBeCloseTo(0, 10);
    expect(hi0).toBeCloseTo(0.2775, 4);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });
});

describe("confidence sequence and stopping rule", () => {
  it("has the normal-mixture half-width", () => {
    // n = 1000, ρ = 64, α = 0.05: V = 314; sqrt(314·(2 ln 20 + ln(314/64)))/1000
    const expected = Math.sqrt(314 * (2 * Math.log(20) + Math.log(314 / 64))) / 1000;
    expect(sequenceHalfWidth(1000)).toBeCloseTo(expected, 12);
    expect(sequenceHalfWidth(1000)).toBeCloseTo(0.04879, 4);
    expect(sequenceHalfWidth(0)).toBe(Infinity);
  });

  it("is wider than the fixed-n Wilson interval (the price of looking after every game)", () => {
    for (const n of [50, 500, 5000]) {
      const [wl, wh] = wilsonInterval(n / 2, n);
      const [cl, ch] = confidenceSequence(n / 2, n);
      expect(ch - cl).toBeGreaterThan(wh - wl);
    }
  });

  it("stops on precision or on the game cap", () => {
    const rule = { width: 0.1, maxGames: 10_000 };
    const need = gamesForWidth(0.1);
    expect(stopReason(need / 2, need - 1, rule)).toBeNull();
    expect(stopReason(Math.floor(need / 2), need, rule)).toBe("precision");
    expect(stopReason(5, 10, { width: 0.01, maxGames: 10 })).toBe("max-games");
    expect(stopReason(0, 0, rule)).toBeNull();
  });

  it("keeps its coverage under optional stopping (simulated)", () => {
    // 400 runs of a fair coin, checking after every flip up to 2,000 flips: the
    // sequence must exclude 0.5 at some point in at most about 5% of runs.
    let rng = 12345;
    const next = () => ((rng = (Math.imul(rng, 1103515245) + 12345) >>> 0) / 2 ** 32);
    let failures = 0;
    for (let run = 0; run < 400; run++) {
      let k = 0;
      for (let n = 1; n <= 2000; n++) {
        if (next() < 0.5) k++;
        const [lo, hi] = confidenceSequence(k, n);
        if (lo > 0.5 || hi < 0.5) {
          failures++;
          break;
        }
      }
    }
    expect(failures / 400).toBeLessThan(0.06);
  });
});

describe("draw odds", () => {
  it("agrees with dealing real games on the engine's RNG", () => {
    const deck: CardInput[] = Array.from({ length: 30 }, (_, i) => ({ title: `C${i}`, colors: ["red"], rings: i % 10, traits: [] }));
    const hits = new Set([0, 1, 2]); // three copies of a title
    const games = 4000;
    const seen = [0, 0, 0];
    for (let seed = 1; seed <= games; seed++) {
      const deal = dealSample(deck, seed);
      const drawn = [...deal.hand];
      if (drawn.some((c) => hits.has(c))) seen[0]++;
      const later = drawsAfter(deal, 2);
      drawn.push(...later[0]);
      if (drawn.some((c) => hits.has(c))) seen[1]++;
      drawn.push(...later[1]);
      if (drawn.some((c) => hits.has(c))) seen[2]++;
    }
    for (let t = 1; t <= 3; t++) {
      const exact = probAtLeast(1, 30, 3, cardsSeenByTurn(t, 30));
      const [lo, hi] = wilsonInterval(seen[t - 1], games, 3.29); // 99.9%
      expect(exact).toBeGreaterThan(lo);
      expect(exact).toBeLessThan(hi);
    }
  });

  it("deals unfinished decks", () => {
    const deck: CardInput[] = Array.from({ length: 4 }, (_, i) => ({ title: `C${i}`, colors: ["blue"], rings: 1, traits: [] }));
    const d = dealSample(deck, 7);
    expect(d.hand).toHaveLength(4);
    expect(d.library).toHaveLength(0);
    expect(dealSample([], 1).hand).toEqual([]);
    // same seed, same deal
    expect(dealSample(deck, 7)).toEqual(d);
  });
});

describe("matchup tallies", () => {
  it("play the same games as the simulator's batches, in any chunking", async () => {
    const { EFFECT_CARDS, VANILLA } = await import("@/lib/engine/test-fixtures");
    const { runBatch } = await import("@/lib/engine");
    const { emptyTally, mergeTally, playMatchup } = await import("./matchup");
    const you = [...VANILLA, ...VANILLA].slice(0, 30);
    const opp = [...EFFECT_CARDS, ...VANILLA, ...VANILLA].slice(0, 30);
    const spec = { you, opp, agents: ["heuristic", "random"] as ["heuristic", "random"], seed: 99 };
    const whole = playMatchup(spec, 0, 40);
    const batch = runBatch({ decks: [you, opp], agents: ["heuristic", "random"], games: 40, seed: 99 });
    expect(whole.games).toBe(40);
    expect(whole.wins).toBe(batch.wins[0]);
    expect(whole.losses).toBe(batch.wins[1]);
    expect(whole.draws).toBe(batch.draws);
    expect(whole.turns).toBe(batch.turns);
    expect(whole.checksum).toBe(batch.checksum);
    // on the play / on the draw split the games in half (mirrored deals)
    expect(whole.onPlay.games).toBe(20);
    expect(whole.onDraw.games).toBe(20);
    expect(whole.onPlay.wins + whole.onDraw.wins).toBe(whole.wins);
    expect(whole.ends.emeralds + whole.ends.turnLimit).toBe(40);
    // chunks merge to the whole, in any order
    const parts = [playMatchup(spec, 25, 40), playMatchup(spec, 0, 10), playMatchup(spec, 10, 25)];
    const merged = parts.reduce((a, b) => mergeTally(a, b), emptyTally());
    expect(merged).toEqual(whole);
    // every title counted was in my deck, and counted at most once per game
    const titles = new Set(you.map((c) => c.title));
    for (const [t, c] of Object.entries(whole.cards)) {
      expect(titles.has(t)).toBe(true);
      expect(c.won + c.lost + c.drawn).toBeLessThanOrEqual(40);
    }
  });
});

describe("gauntlet scores", () => {
  it("score the same games as the matchup tallies", async () => {
    const { EFFECT_CARDS, VANILLA } = await import("@/lib/engine/test-fixtures");
    const { gauntletScores, playMatchup } = await import("./matchup");
    const you = [...VANILLA, ...VANILLA].slice(0, 30);
    const opp = [...EFFECT_CARDS, ...VANILLA, ...VANILLA].slice(0, 30);
    const t = playMatchup({ you, opp, agents: ["heuristic", "heuristic"], seed: 4 }, 0, 30);
    const s = gauntletScores(you, [opp], ["heuristic", "heuristic"], 4, 0, 30);
    expect(s.filter((x) => x === 2).length).toBe(t.wins);
    expect(s.filter((x) => x === 1).length).toBe(t.draws);
    // two opponents alternate, each meeting the deals in order
    const two = gauntletScores(you, [opp, you], ["heuristic", "heuristic"], 4, 0, 20);
    const firstOpp = two.filter((_, g) => g % 2 === 0);
    expect(firstOpp).toEqual(s.slice(0, 10));
  });
});

describe("the lab and the CLI gauntlet", () => {
  it("give the same numbers for the same seed (npm run sim -- --balance plays runGauntlet)", async () => {
    const { EFFECT_CARDS, VANILLA } = await import("@/lib/engine/test-fixtures");
    const { runGauntlet } = await import("@/lib/engine");
    const { playMatchup } = await import("./matchup");
    const mine = [...VANILLA, ...VANILLA].slice(0, 30);
    const theirs = [...EFFECT_CARDS, ...VANILLA, ...VANILLA].slice(0, 30);
    const other = [...VANILLA].reverse().concat(VANILLA).slice(0, 30);
    const g = runGauntlet({ decks: [{ name: "Mine", cards: mine }, { name: "Theirs", cards: theirs }, { name: "Other", cards: other }], seed: 21, games: 24 });
    for (const [b, opp] of [[1, theirs], [2, other]] as const) {
      const pair = g.pairs.find((p) => p.a === 0 && p.b === b)!;
      const t = playMatchup({ you: mine, opp, agents: ["heuristic", "heuristic"], seed: 21 }, 0, 24);
      expect([t.wins, t.losses]).toEqual(pair.wins);
      expect(t.draws).toBe(pair.draws);
      expect(t.checksum).toBe(pair.checksum);
    }
  });
});

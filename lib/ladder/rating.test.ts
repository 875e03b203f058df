import { describe, expect, it } from "vitest";
import { afterIdle, canPair, expectedWait, pairKey, queueWindow, rateGame, ratePeriod, seasonDays, seasonOf, seasonRange, START, SEASON_EPOCH } from "./rating";

describe("Glicko-2 through the glicko2 package", () => {
  it("gives Glickman's published example: 1500/200/0.06 after 1400/30 (win), 1550/100 (loss), 1700/300 (loss) is 1464.06/151.52", () => {
    const r = ratePeriod({ rating: 1500, rd: 200, vol: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, vol: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, vol: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, vol: 0.06 }, score: 0 },
    ]);
    // the paper rounds its intermediate steps; computed exactly the rating is 1464.0507 (within 0.01 of the published figure)
    expect(Math.abs(r.rating - 1464.06)).toBeLessThan(0.01);
    expect(r.rd).toBeCloseTo(151.52, 2);
    expect(r.vol).toBeCloseTo(0.05999, 4);
  });

  it("rates one game for both sides from the ratings before it: the winner gains what is symmetric for equal players", () => {
    const [a, b] = rateGame(START, START, 1);
    expect(a.rating).toBeGreaterThan(1500);
    expect(b.rating).toBeLessThan(1500);
    expect(a.rating - 1500).toBeCloseTo(1500 - b.rating, 6);
    expect(a.rd).toBeLessThan(350);
    const [d] = rateGame(START, START, 0.5);
    expect(d.rating).toBeCloseTo(1500, 6);
  });

  it("widens an idle player's deviation one day at a time, never past a new player's", () => {
    const r = { rating: 1600, rd: 60, vol: 0.06 };
    expect(afterIdle(r, 1000)).toEqual(r);
    const week = afterIdle(r, 7 * 86_400_000);
    expect(week.rating).toBe(1600);
    expect(week.rd).toBeGreaterThan(60);
    expect(afterIdle(r, 100_000 * 86_400_000).rd).toBeLessThanOrEqual(350);
  });
});

describe("seasons", () => {
  it("count from the fixed epoch in LADDER_SEASON_DAYS (default 28)", () => {
    expect(seasonDays({})).toBe(28);
    expect(seasonDays({ LADDER_SEASON_DAYS: "7" })).toBe(7);
    expect(seasonDays({ LADDER_SEASON_DAYS: "0" })).toBe(28);
    expect(seasonDays({ LADDER_SEASON_DAYS: "abc" })).toBe(28);
    expect(seasonOf(new Date(SEASON_EPOCH), 28)).toBe(1);
    expect(seasonOf(new Date(SEASON_EPOCH + 28 * 86_400_000 - 1), 28)).toBe(1);
    expect(seasonOf(new Date(SEASON_EPOCH + 28 * 86_400_000), 28)).toBe(2);
    expect(seasonOf(new Date(SEASON_EPOCH - 1), 28)).toBe(1);
    const { start, end } = seasonRange(3, 7);
    expect(seasonOf(start, 7)).toBe(3);
    expect(seasonOf(end, 7)).toBe(4);
  });
});

describe("the queue's window", () => {
  it("starts at ±100 and widens by 50 every 10 s, up to ±800", () => {
    expect(queueWindow(0)).toBe(100);
    expect(queueWindow(9_999)).toBe(100);
    expect(queueWindow(10_000)).toBe(150);
    expect(queueWindow(65_000)).toBe(400);
    expect(queueWindow(140_000)).toBe(800);
    expect(queueWindow(10_000_000)).toBe(800);
  });

  it("pairs two players only when each one's window holds the other", () => {
    expect(canPair({ rating: 1500, waitedMs: 0 }, { rating: 1600, waitedMs: 0 })).toBe(true);
    expect(canPair({ rating: 1500, waitedMs: 0 }, { rating: 1650, waitedMs: 60_000 })).toBe(false);
    expect(canPair({ rating: 1500, waitedMs: 10_000 }, { rating: 1650, waitedMs: 60_000 })).toBe(true);
  });

  it("expects the median of recent waits, and nothing with none", () => {
    expect(expectedWait([])).toBeNull();
    expect(expectedWait([30, 5, 10])).toBe(10);
    expect(expectedWait([4, 10, 20, 30])).toBe(15);
  });

  it("keys a pair the same in either order", () => {
    expect(pairKey("b", "a")).toBe(pairKey("a", "b"));
  });
});

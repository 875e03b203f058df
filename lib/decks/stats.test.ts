import { describe, expect, it } from "vitest";
import { cardsSeenByTurn, deckStats, drawOdds, probAtLeast } from "./stats";

describe("hypergeometric odds", () => {
  it("matches hand-computed values", () => {
    // 30 cards, 3 copies, 7 drawn: 1 - C(27,7)/C(30,7)
    const c = (n: number, k: number) => { let r = 1; for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i; return r; };
    expect(probAtLeast(1, 30, 3, 7)).toBeCloseTo(1 - c(27, 7) / c(30, 7), 10);
    const p2 = 1 - (c(27, 7) + 3 * c(27, 6)) / c(30, 7);
    expect(probAtLeast(2, 30, 3, 7)).toBeCloseTo(p2, 10);
  });
  it("handles the edges", () => {
    expect(probAtLeast(1, 30, 0, 7)).toBe(0);
    expect(probAtLeast(1, 30, 5, 30)).toBeCloseTo(1, 12);
    expect(probAtLeast(2, 30, 1, 30)).toBe(0);
    expect(probAtLeast(0, 30, 1, 7)).toBe(1);
    expect(probAtLeast(1, 0, 0, 7)).toBe(0);
  });
  it("counts cards seen by turn: 7, then 5 more a turn, capped at the deck", () => {
    expect(cardsSeenByTurn(1, 30)).toBe(7);
    expect(cardsSeenByTurn(2, 30)).toBe(12);
    expect(cardsSeenByTurn(5, 30)).toBe(27);
    expect(cardsSeenByTurn(6, 30)).toBe(30);
    expect(drawOdds(30, 5, 6).byTurnAtLeastOne).toBeCloseTo(1, 12);
  });
});

describe("deckStats", () => {
  const cards = [
    { cardId: "a", key: "D-1", title: "Sonic", quantity: 3, colors: ["blue"] as const, rings: 5, traits: ["Animal"] },
    { cardId: "b", key: "D-2", title: "Rouge", quantity: 2, colors: ["gray"] as const, rings: 5, traits: ["Animal"] },
    { cardId: "c", key: "D-3", title: "Cosmo", quantity: 2, colors: ["yellow", "blue"] as const, rings: 5, traits: ["Animal"] },
    { cardId: "d", key: "D-4", title: "Tornado", quantity: 1, colors: ["blue"] as const, rings: 0, traits: ["Thing", "Robot"] },
  ];
  const s = deckStats(cards);
  it("builds the ring curve from 0 to the highest value", () => {
    expect(s.total).toBe(8);
    expect(s.ringCurve).toHaveLength(6);
    expect(s.ringCurve[5]).toEqual({ rings: 5, count: 7 });
    expect(s.ringCurve[0]).toEqual({ rings: 0, count: 1 });
    expect(s.averageRings).toBeCloseTo(35 / 8, 2);
  });
  it("splits colors (multi-color counted in each) and traits", () => {
    expect(s.colorSplit.find((c) => c.color === "blue")?.count).toBe(6);
    expect(s.colorSplit.find((c) => c.color === "yellow")?.count).toBe(2);
    expect(s.multiColorCards).toBe(2);
    expect(s.traitSplit[0]).toEqual({ trait: "Animal", count: 7 });
  });
  it("flags color x rings clusters a single copy discard hits", () => {
    const blue5 = s.exposure.cells.find((c) => c.color === "blue" && c.rings === 5);
    expect(blue5).toMatchObject({ count: 5, titles: ["Sonic", "Cosmo"] });
    expect(s.exposure.clusters.map((c) => `${c.color}${c.rings}`)).toEqual(["blue5"]);
  });
  it("is empty for an empty deck", () => {
    expect(deckStats([])).toMatchObject({ total: 0, averageRings: 0, ringCurve: [], exposure: { cells: [], clusters: [] } });
  });
});

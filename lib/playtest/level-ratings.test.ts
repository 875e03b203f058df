import { describe, expect, it } from "vitest";
import { levelScale, levelScaleOf } from "./level-ratings";

describe("the AI levels' scale", () => {
  it("names levels and decks as players see them, strongest first, and drops unknown agents", () => {
    const s = levelScaleOf({
      gamesPerPair: 40,
      entrants: [
        { id: "heuristic", kind: "level", agent: "heuristic", rating: 1450, lo: 1400, hi: 1500 },
        { id: "expert", kind: "level", agent: "expert", rating: 1720, lo: 1650, hi: 1790 },
        { id: "deck:chaotix-mix", kind: "deck", agent: "heuristic", rating: 1460, lo: 1410, hi: 1510 },
        { id: "mystery", kind: "level", agent: "mystery", rating: 2000, lo: 1900, hi: 2100 },
      ],
    });
    expect(s.rows.map((r) => r.label)).toEqual(["Legend (expert)", "Chaotix Mix (played by Racer)", "Racer"]);
    expect(s.gamesPerPair).toBe(40);
  });

  it("reads the committed gauntlet (data/gauntlet.json) with every level in it", () => {
    const s = levelScale();
    const levels = s.rows.filter((r) => r.kind === "level").map((r) => r.id);
    expect(levels.sort()).toEqual(["expert", "heuristic", "random", "search"]);
    for (const r of s.rows) expect(r.lo).toBeLessThanOrEqual(r.rating);
  });
});

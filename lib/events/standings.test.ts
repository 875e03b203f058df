import { describe, expect, it } from "vitest";
import { computeStandings, percent, type StandingMatch } from "./standings";

const entry = (id: string, firstRound = 1, droppedAfter: number | null = null) => ({ id, name: id, firstRound, droppedAfter });
const m = (round: number, entryA: string, entryB: string | null, winsA: number, winsB: number, draws = 0): StandingMatch => ({ round, entryA, entryB, winsA, winsB, draws });

describe("computeStandings", () => {
  it("orders a hand-worked 8-player, 3-round event by points, OMW%, GW%, OGW%", () => {
    const entries = ["A", "B", "C", "D", "E", "F", "G", "H"].map((id) => entry(id));
    const matches = [
      m(1, "A", "B", 2, 0), m(1, "C", "D", 2, 1), m(1, "E", "F", 2, 1), m(1, "G", "H", 2, 0),
      m(2, "A", "C", 2, 1), m(2, "E", "G", 2, 0), m(2, "B", "D", 2, 0), m(2, "F", "H", 2, 1),
      m(3, "A", "E", 2, 1), m(3, "B", "C", 2, 1), m(3, "G", "F", 2, 0), m(3, "D", "H", 1, 1),
    ];
    // worked by hand (docs/events.md): MW% floors at 33.33% (D: 1/9), GW% too (D and H: 6/21)
    // B, E, G have 6 points: E's opponents F, G, A average (33.33 + 66.67 + 100) / 3 = 66.67%, B's A, D, C 55.56%, G's H, E, F 44.44%
    // C and F have 3: C's OMW 66.67% beats F's 55.56%
    // D and H have 1, the same OMW (44.44%) and GW (33.33%): H's opponents' GW (G 66.67, F 37.50, D 33.33) = 45.83% beats D's (C 44.44, B 57.14, H 33.33) = 44.97%
    const expected = [
      // rank, name, points, W-L-D, OMW, GW, OGW
      [1, "A", 9, "3-0-0", "55.56%", "75.00%", "54.70%"],
      [2, "E", 6, "2-1-0", "66.67%", "62.50%", "59.72%"],
      [3, "B", 6, "2-1-0", "55.56%", "57.14%", "50.93%"],
      [4, "G", 6, "2-1-0", "44.44%", "66.67%", "44.44%"],
      [5, "C", 3, "1-2-0", "66.67%", "44.44%", "55.16%"],
      [6, "F", 3, "1-2-0", "55.56%", "37.50%", "54.17%"],
      [7, "H", 1, "0-2-1", "44.44%", "33.33%", "45.83%"],
      [8, "D", 1, "0-2-1", "44.44%", "33.33%", "44.97%"],
    ];
    const got = computeStandings(entries, matches, 3).map((r) => [r.rank, r.name, r.points, `${r.wins}-${r.losses}-${r.draws}`, percent(r.omw), percent(r.gw), percent(r.ogw)]);
    expect(got).toEqual(expected);
  });

  it("counts a bye as a 2-0 win that is nobody's opponent, and a late entry's missed rounds as 0-2 losses", () => {
    const entries = [entry("A"), entry("B"), entry("C"), entry("L", 2)];
    const matches = [m(1, "A", "B", 2, 0), m(1, "C", null, 0, 0), m(2, "A", "C", 2, 0), m(2, "L", "B", 2, 1)];
    const rows = Object.fromEntries(computeStandings(entries, matches, 2).map((r) => [r.id, r]));
    expect(rows.C).toMatchObject({ points: 3, wins: 1, losses: 1, hadBye: true, opponents: ["A"] });
    // C: the bye 2-0 and a 0-2 loss: 6 game points of 12
    expect(rows.C.gw).toBeCloseTo(0.5);
    // L missed round 1 (a 0-2 loss) and beat B 2-1: 3 points of 6, games 6 of 15
    expect(rows.L).toMatchObject({ points: 3, wins: 1, losses: 1, opponents: ["B"] });
    expect(rows.L.gw).toBeCloseTo(0.4);
    // A's opponents: B (0 of 6: floored to 1/3) and C (3 of 6)
    expect(rows.A.omw).toBeCloseTo((1 / 3 + 0.5) / 2);
  });

  it("stops a dropped player's record at the round they dropped after", () => {
    const rows = computeStandings([entry("A"), entry("B", 1, 1), entry("C"), entry("D")], [m(1, "A", "B", 2, 0), m(1, "C", "D", 2, 0), m(2, "A", "C", 2, 0), m(2, "D", null, 0, 0)], 2);
    const b = rows.find((r) => r.id === "B")!;
    expect(b).toMatchObject({ dropped: true, wins: 0, losses: 1 });
  });
});

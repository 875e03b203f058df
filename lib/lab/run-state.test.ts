import { describe, expect, it } from "vitest";
import { EFFECT_CARDS, VANILLA } from "@/lib/engine/test-fixtures";
import { playMatchup, type MatchupSpec } from "./matchup";
import { assign, initRun, nextChunk, progress, runReducer, type RunState } from "./run-state";

const you = [...VANILLA, ...VANILLA].slice(0, 30);
const opp = [...EFFECT_CARDS, ...VANILLA, ...VANILLA].slice(0, 30);
const specs: MatchupSpec[] = [
  { you, opp, agents: ["random", "random"], seed: 5 },
  { you, opp: you, agents: ["random", "random"], seed: 5 },
];

/** Drive a run with `workers` fake workers that finish chunks in a scrambled order. */
function drive(s: RunState, workers: number, order: (n: number) => number): RunState {
  const flying: { matchup: number; from: number; to: number }[] = [];
  for (let guard = 0; guard < 10_000; guard++) {
    while (flying.length < workers) {
      const c = nextChunk(s);
      if (!c) break;
      s = assign(s, c);
      flying.push(c);
    }
    if (flying.length === 0) break;
    const [c] = flying.splice(order(flying.length), 1);
    s = runReducer(s, { type: "result", ...c, tally: playMatchup(specs[c.matchup], c.from, c.to) });
  }
  return s;
}

describe("lab run state", () => {
  it("merges chunks arriving out of order into the same tally as one batch", () => {
    const s = drive(initRun(2, { width: 0, maxGames: 60 }, 7), 3, (n) => n - 1);
    expect(s.status).toBe("finished");
    for (let i = 0; i < 2; i++) {
      expect(s.matchups[i].done).toBe(60);
      expect(s.matchups[i].stop).toBe("max-games");
      expect(s.matchups[i].tally).toEqual(playMatchup(specs[i], 0, 60));
    }
    expect(progress(s)).toEqual({ played: 120, planned: 120 });
    // the chart grows with the contiguous prefix and ends at the total
    const series = s.matchups[0].series;
    expect(series.at(-1)?.games).toBe(60);
    expect(series.every((p, i) => i === 0 || p.games > series[i - 1].games)).toBe(true);
  });

  it("stops a matchup on precision and reproduces it from its game count", () => {
    const rule = { width: 0.45, maxGames: 5000 };
    const s = drive(initRun(1, rule, 10), 2, () => 0);
    const m = s.matchups[0];
    expect(m.stop).toBe("precision");
    expect(m.done).toBeLessThan(5000);
    // a shared link fixes the count: the same games, the same numbers
    const again = drive(initRun(1, rule, 13, [m.done]), 4, (n) => Math.floor(n / 2));
    expect(again.matchups[0].done).toBe(m.done);
    expect(again.matchups[0].tally).toEqual(m.tally);
  });

  it("pauses handing out chunks and resumes", () => {
    let s = initRun(1, { width: 0, maxGames: 40 }, 10);
    const c = nextChunk(s)!;
    s = assign(s, c);
    s = runReducer(s, { type: "pause" });
    expect(nextChunk(s)).toBeNull();
    s = runReducer(s, { type: "result", ...c, tally: playMatchup(specs[0], c.from, c.to) });
    expect(s.matchups[0].done).toBe(10);
    s = runReducer(s, { type: "resume" });
    expect(nextChunk(s)).toEqual({ matchup: 0, from: 10, to: 20 });
  });

  it("hands out again the chunks of workers that went away", () => {
    let s = initRun(1, { width: 0, maxGames: 40 }, 10);
    const a = nextChunk(s)!;
    s = assign(s, a);
    const b = nextChunk(s)!;
    s = assign(s, b);
    const c = nextChunk(s)!;
    s = assign(s, c);
    // b came back before the teardown; a and c were lost with their workers
    s = runReducer(s, { type: "result", ...b, tally: playMatchup(specs[0], b.from, b.to) });
    s = runReducer(s, { type: "requeue" });
    expect(nextChunk(s)).toEqual({ matchup: 0, from: 0, to: 10 });
    const done = drive(s, 2, () => 0);
    expect(done.matchups[0].tally).toEqual(playMatchup(specs[0], 0, 40));
  });

  it("ignores unknown or duplicate results", () => {
    let s = initRun(1, { width: 0, maxGames: 20 }, 10);
    const before = s;
    s = runReducer(s, { type: "result", matchup: 0, from: 0, to: 10, tally: playMatchup(specs[0], 0, 10) });
    expect(s).toBe(before);
    s = runReducer(s, { type: "result", matchup: 5, from: 0, to: 10, tally: playMatchup(specs[0], 0, 10) });
    expect(s).toBe(before);
  });
});

/**
 * The coach (ai/coach.ts): a planted blunder — a flip whose win probability,
 * measured beforehand, is far below the heuristic's flip — is found and marked
 * with a better move; the analysis is deterministic for the same game and seed.
 */
import { describe, expect, it } from "vitest";
import { applyInPlace } from "../apply-action";
import { playersToAct } from "../legal-actions";
import { newGame } from "../setup";
import { mixedDecks } from "../test-fixtures";
import type { Action, GameState } from "../types";
import { flipMaskForView, playerView } from "../view";
import { analyseGame, winProbabilities } from "./coach";
import { heuristicChoice } from "./heuristic";

const DECKS = mixedDecks();

/** A heuristic game in which player 1's first flip with a clearly worse alternative is replaced by that alternative. */
function plantedGame(setup: { decks: typeof DECKS; seed: number; lead: 0 }): { actions: Action[]; planted: number } {
  const s: GameState = newGame(setup);
  const actions: Action[] = [];
  let planted = -1;
  while (s.winner === null) {
    const p = playersToAct(s)[0];
    const v = playerView(s, p);
    let a = heuristicChoice(v);
    if (planted < 0 && p === 0 && s.pending === null && s.step !== "play" && a.type === "flip") {
      const m = flipMaskForView(v);
      const alts: Action[] = [];
      for (let i = 0; i < 5; i++) if (m & (1 << i) && i + 1 !== a.column) alts.push({ type: "flip", player: 0, column: i + 1 });
      if (alts.length > 0) {
        const wp = winProbabilities(v, [a, ...alts], 48, 1234);
        let worst = 1;
        for (let k = 2; k < wp.length; k++) if (wp[k] < wp[worst]) worst = k;
        if (wp[0] - wp[worst] > 0.25) {
          a = alts[worst - 1];
          planted = actions.length;
        }
      }
    }
    actions.push(a);
    applyInPlace(s, a, null);
  }
  return { actions, planted };
}

describe("the coach", () => {
  it("finds a planted blunder and names a better move, deterministically", () => {
    let setup = { decks: DECKS, seed: 12, lead: 0 as const };
    let g = plantedGame(setup);
    while (g.planted < 0 && setup.seed < 30) {
      setup = { ...setup, seed: setup.seed + 1 };
      g = plantedGame(setup);
    }
    const { actions, planted } = g;
    expect(planted).toBeGreaterThanOrEqual(0);
    let calls = 0;
    const r = analyseGame(setup, actions, 0, { seed: 99, samples: 32, onProgress: () => void calls++ });
    const d = r.find((x) => x.index === planted);
    expect(d).toBeDefined();
    expect(d!.marked).toBe(true);
    expect(d!.best).not.toEqual(actions[planted]);
    expect(d!.cost).toBeGreaterThan(0.1);
    expect(calls).toBeGreaterThanOrEqual(r.length);
    expect(analyseGame(setup, actions, 0, { seed: 99, samples: 32 })).toEqual(r);
    // Stopping early returns the decisions analysed so far.
    expect(analyseGame(setup, actions, 0, { seed: 99, samples: 4, onProgress: (done) => done < 2 })).toHaveLength(2);
  }, 400_000);
});

/**
 * The expert's horizon value (ai/horizon-value.ts): exact at the end of a
 * game, and otherwise a chance that rises with the player's emeralds, spare
 * rings and hand, and falls with the opponent's.
 */
import { describe, expect, it } from "vitest";
import { cloneState } from "../clone";
import { newGame } from "../setup";
import { mixedDecks } from "../test-fixtures";
import type { GameState, Player } from "../types";
import { horizonFeatures, horizonValue } from "./horizon-value";

const start = (): GameState => newGame({ decks: mixedDecks(), seed: 3, lead: 0 });
const withEmeralds = (a: number, b: number): GameState => {
  const s = cloneState(start());
  s.emeralds = [a, b];
  return s;
};

describe("the horizon value", () => {
  it("is the result when the game is over", () => {
    const s = start();
    for (const [w, v0, v1] of [[0, 1, 0], [1, 0, 1], ["draw", 0.5, 0.5]] as const) {
      const t = cloneState(s);
      t.winner = w;
      expect(horizonValue(t, 0)).toBe(v0);
      expect(horizonValue(t, 1)).toBe(v1);
    }
  });

  it("rises with my emeralds and falls with the opponent's, within (0, 1)", () => {
    for (const me of [0, 1] as Player[]) {
      const at = (mine: number, theirs: number): number => horizonValue(withEmeralds(me === 0 ? mine : theirs, me === 0 ? theirs : mine), me);
      for (let a = 0; a < 2; a++)
        for (let b = 0; b < 3; b++) {
          expect(at(a + 1, b)).toBeGreaterThan(at(a, b));
          expect(at(b, a + 1)).toBeLessThan(at(b, a));
        }
      for (let a = 0; a < 3; a++)
        for (let b = 0; b < 3; b++) {
          expect(at(a, b)).toBeGreaterThan(0);
          expect(at(a, b)).toBeLessThan(1);
        }
    }
  });

  it("reads spare rings, the best five hand cards and the lead from the position", () => {
    const s = cloneState(start());
    const hand = s.players[0].hand;
    const up = hand[0];
    s.players[0].spare[2] = { card: up, faceUp: true, color: s.cards[up].colors[0], mod: 0, setRings: null, protect: 0, peek: 0, downed: 0 };
    s.players[0].hand = hand.slice(1);
    const f0 = horizonFeatures(s, 0);
    const f1 = horizonFeatures(s, 1);
    expect(f0[3]).toBe(s.cards[up].rings);
    expect(f1[3]).toBe(-s.cards[up].rings);
    expect([f0[2], f1[2]]).toEqual([1, 0]);
    const five = (p: Player): number =>
      s.players[p].hand
        .map((id) => s.cards[id].rings)
        .sort((a, b) => b - a)
        .slice(0, 5)
        .reduce((t, x) => t + x, 0);
    expect(f0[4]).toBe(five(0) - five(1));
    expect(f1[4]).toBe(-f0[4]);
    // More spare rings of mine: a better chance.
    const t = cloneState(s);
    t.players[0].spare[2] = null;
    expect(horizonValue(s, 0)).toBeGreaterThan(horizonValue(t, 0));
  });
});

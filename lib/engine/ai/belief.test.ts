/**
 * The expert's belief (ai/belief.ts): re-dealing the opponent's hidden chaos
 * cards of a sample changes only those cards and the opponent's hand (the
 * same cards in all), keeps every card the viewer sees, follows the
 * heuristic's placement, and is a function of the sample.
 */
import { describe, expect, it } from "vitest";
import { applyAction } from "../apply-action";
import { cloneState } from "../clone";
import { playersToAct } from "../legal-actions";
import { newGame } from "../setup";
import { mixedDecks, v2Decks } from "../test-fixtures";
import type { CardDef, GameState, Player } from "../types";
import { playerView } from "../view";
import { placeAsHeuristic } from "./belief";
import { determinize } from "./determinize";
import { heuristicPlacement } from "./heuristic";
import { getAgent } from "./index";

/** Samples of the views, at every decision of heuristic games, where the opponent has face-down chaos cards the viewer has not seen. */
function samples(decks: [CardDef[], CardDef[]], seed: number): { s: GameState; me: Player }[] {
  const h = getAgent("heuristic");
  const out: { s: GameState; me: Player }[] = [];
  for (let g = 0; g < 3; g++) {
    let s = newGame({ decks, seed: seed + g, lead: (g % 2) as Player });
    while (s.winner === null) {
      const p = playersToAct(s)[0];
      const v = playerView(s, p);
      if (v.pending === null && v.players[1 - p].chaos.some((x) => x !== null && x.card === null)) out.push({ s: determinize(v, { rng: 17 + out.length }), me: p });
      const r = applyAction(s, h.chooseAction(playerView(s, p), { seed: g }));
      if (!r.ok) throw new Error(r.error.reason);
      s = r.state;
    }
  }
  return out;
}

const hiddenCols = (s: GameState, me: Player): number[] =>
  [0, 1, 2, 3, 4].filter((k) => {
    const x = s.players[1 - me].chaos[k];
    return x !== null && !x.faceUp && !(x.peek & (1 << me)) && x.downed === 0;
  });

describe("placeAsHeuristic", () => {
  for (const [name, decks] of [["mixed decks", mixedDecks()], ["v2 decks", v2Decks()]] as const)
    it(`re-deals only the opponent's hidden chaos cards, from its hand, as the heuristic places them (${name})`, () => {
      const list = samples(decks, 31);
      expect(list.length).toBeGreaterThan(10);
      let changed = 0;
      for (const { s, me } of list) {
        const o = (1 - me) as Player;
        const t = cloneState(s);
        placeAsHeuristic(t, me);
        const cols = hiddenCols(s, me);
        // Consistent with the viewer's view; the viewer's side, the public state and the opponent's known or face-up slots are untouched.
        expect(playerView(t, me)).toEqual(playerView(s, me));
        expect(t.players[me]).toEqual(s.players[me]);
        expect({ ...t, players: null }).toEqual({ ...s, players: null });
        for (let k = 0; k < 5; k++) if (!cols.includes(k)) expect(t.players[o].chaos[k]).toEqual(s.players[o].chaos[k]);
        expect({ ...t.players[o], hand: null, chaos: null }).toEqual({ ...s.players[o], hand: null, chaos: null });
        // The same cards, between the hand and the hidden slots; hand cards the viewer has seen stay in hand.
        const seen = s.seen[me].hand;
        for (const id of s.players[o].hand) if (seen.includes(id)) expect(t.players[o].hand).toContain(id);
        const pool = (x: GameState): number[] => [...x.players[o].hand, ...cols.map((k) => x.players[o].chaos[k]!.card)].sort((a, b) => a - b);
        expect(pool(t)).toEqual(pool(s));
        expect(t.players[o].hand.length).toBe(s.players[o].hand.length);
        // The heuristic's choice for those columns, from the opponent's view with the cards back in hand.
        const u = cloneState(s);
        u.players[o].hand = [...s.players[o].hand.filter((id) => !seen.includes(id)), ...cols.map((k) => s.players[o].chaos[k]!.card)];
        for (const k of cols) u.players[o].chaos[k] = null;
        u.players[me].chaos = [null, null, null, null, null];
        const blocked = [0, 1, 2, 3, 4].filter((k) => !cols.includes(k)).reduce((m, k) => m | (1 << k), 0);
        const a = heuristicPlacement(playerView(u, o, { deckLists: false, noDiscards: true }), false, blocked);
        if (u.players[o].hand.length > cols.length && a.type === "place") for (const k of cols) expect(t.players[o].chaos[k]!.card).toBe(a.cards[k]);
        // A function of the sample.
        const w = cloneState(s);
        placeAsHeuristic(w, me);
        expect(w).toEqual(t);
        if (JSON.stringify(t.players[o]) !== JSON.stringify(s.players[o])) changed++;
      }
      expect(changed).toBeGreaterThan(0);
    });

  it("leaves the blocked columns empty in the heuristic's placement", () => {
    const s = newGame({ decks: mixedDecks(), seed: 3 });
    const a = heuristicPlacement(playerView(s, 0), false, 0b10010);
    expect(a.type).toBe("place");
    if (a.type !== "place") return;
    expect(a.cards[1]).toBeNull();
    expect(a.cards[4]).toBeNull();
    expect(a.cards.filter((c) => c !== null)).toHaveLength(3);
  });
});

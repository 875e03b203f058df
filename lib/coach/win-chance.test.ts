/**
 * The win-probability bar is a function of the public view only: two states
 * that differ only in hidden cards (a hand, a deck's order, a face-down card)
 * give the same bar, and so do both seats' views of one state; a public
 * change (a flip) may move it. Deck lists, when given, are public.
 */
import { describe, expect, it } from "vitest";
import { cloneState, playerView, type GameState, type Player } from "@/lib/engine";
import { publicOfView } from "@/lib/play/views";
import { heuristicGame } from "./test-game";
import { publicWinChance } from "./win-chance";

const game = heuristicGame(7);
/** A state in a rush step, with face-down cards and hands on both sides. */
const k = game.states.findIndex((s, i) => i > 0 && s.step !== "play" && s.pending === null && s.players[0].hand.length > 0 && s.players[0].chaos.some((x) => x && !x.faceUp) && s.players[0].chaos.some((x) => x?.faceUp));
const base = game.states[k];

/** The same table with seat p's hidden cards swapped: a hand card with a face-down chaos card, and the deck reversed. */
function hiddenSwap(s: GameState, p: Player): GameState {
  const t = cloneState(s);
  const pl = t.players[p];
  const slot = pl.chaos.find((x) => x !== null && !x.faceUp)!;
  const h = pl.hand[0];
  pl.hand[0] = slot.card;
  slot.card = h;
  pl.deck.reverse();
  return t;
}

describe("the win-probability bar", () => {
  it("is the same for two states that differ only in hidden cards", () => {
    expect(k).toBeGreaterThan(0);
    const other = hiddenSwap(hiddenSwap(base, 0), 1);
    // what a player sees does differ
    expect(playerView(other, 0).players[0].hand).not.toEqual(playerView(base, 0).players[0].hand);
    expect(publicOfView(playerView(other, 0))).toEqual(publicOfView(playerView(base, 0)));
    const decks = playerView(base, 0).deckLists;
    for (const d of [decks, null]) {
      const a = publicWinChance(playerView(base, 0), d, 24);
      expect(publicWinChance(playerView(other, 0), d, 24)).toEqual(a);
      // either seat's own view gives the public view's bar: nothing private reaches it
      expect(publicWinChance(playerView(base, 1), d, 24)).toEqual(a);
      expect(publicWinChance(playerView(other, 1), d, 24)).toEqual(a);
      expect(a![0] + a![1]).toBeCloseTo(1);
      expect(a![0]).toBeGreaterThanOrEqual(0);
      expect(a![0]).toBeLessThanOrEqual(1);
    }
  });

  it("knows a finished game's winner, and is even before any card is shown without deck lists", () => {
    const end = game.states[game.states.length - 1];
    const w = end.winner;
    const chance = publicWinChance(playerView(end, 0), null);
    expect(chance).toEqual(w === "draw" ? [0.5, 0.5] : w === 0 ? [1, 0] : [0, 1]);
    expect(publicWinChance(playerView(game.states[0], 0), null)).toEqual([0.5, 0.5]);
  });

  it("moves with public facts, and gives none while a decision is open", () => {
    const decks = playerView(base, 0).deckLists;
    const later = game.states.slice(k + 1).map((s) => ({ s, c: publicWinChance(playerView(s, 0), decks, 8) }));
    for (const { s, c } of later) expect(c === null).toBe(s.pending !== null);
    expect(new Set(later.map(({ c }) => c?.[0])).size).toBeGreaterThan(2);
  });
});

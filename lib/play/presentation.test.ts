import { describe, expect, it } from "vitest";
import { newGame, playerView } from "@/lib/engine";
import { logText, nameSeats, realSlot, viewFromSeat } from "./presentation";
import { starterSeatDeck } from "./test-fixture";

const state = newGame({ decks: [starterSeatDeck().cards, starterSeatDeck("eggman-empire").cards], seed: 9, lead: 1 });

describe("the online board's presentation", () => {
  it("turns seat 1's view around so that its side is drawn at the bottom, and leaves seat 0's as it is", () => {
    const v0 = playerView(state, 0);
    expect(viewFromSeat(v0, 0)).toBe(v0);
    const v1 = playerView(state, 1);
    const turned = viewFromSeat(v1, 1);
    expect(turned.players[0]).toBe(v1.players[1]);
    expect(turned.players[1]).toBe(v1.players[0]);
    expect([turned.viewer, turned.lead, turned.next]).toEqual([0, 0, 0]);
    expect(turned.players[0].hand).toHaveLength(7);
    expect(turned.players[1].hand).toBeNull();
  });

  it("maps a drawn slot back to the game's seats", () => {
    const r = { player: 0 as const, row: "chaos" as const, column: 2 };
    expect(realSlot(r, 0)).toBe(r);
    expect(realSlot(r, 1)).toEqual({ player: 1, row: "chaos", column: 2 });
  });

  it("names the players in engine messages: you, or the other player's name", () => {
    expect(nameSeats("Player 1 flips; Player 2 scores.", ["Ada", "Bo"], 1)).toBe("Ada flips; you scores.");
    expect(nameSeats("Player 1 flips.", ["Ada", "Bo"], null)).toBe("Ada flips.");
    const lines = logText([{ type: "lead", player: 0, cards: [], message: "Player 1 leads turn 2." }], ["Ada", "Bo"], 0);
    expect(lines).toEqual([{ key: 0, text: "you leads turn 2.", turnStart: true, type: "lead" }]);
  });
});

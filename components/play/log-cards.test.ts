// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { playerView, runScenario, type GameEvent, type Scenario } from "@/lib/engine";
import { useLogCards } from "./log-cards";

const E = [null, null, null, null, null];
const CARDS = {
  sonic: { key: "DEMO-001", title: "Sonic", colors: ["blue"], rings: 5, traits: ["Animal"] },
  tails: { key: "DEMO-002", title: "Tails", colors: ["yellow"], rings: 3, traits: ["Animal"] },
  amy: { key: "DEMO-003", title: "Amy", colors: ["red"], rings: 2, traits: ["Animal"] },
};

/** Seat 0 holds five cards, two of them copies of Sonic; seat 1 holds one the seat never sees. */
function view() {
  const sc = {
    cards: CARDS,
    state: {
      turn: 1,
      step: "play",
      players: [
        { deck: ["amy"], hand: ["sonic", "tails", "sonic", "amy", "tails"], discard: [], chaos: E, spare: E },
        { deck: ["amy"], hand: ["sonic"], discard: [], chaos: E, spare: E },
      ],
    },
    actions: [],
  } as unknown as Scenario;
  const r = runScenario(sc);
  if (!r.ok) throw new Error(r.error.reason);
  return { state: r.state, view: playerView(r.state, 0) };
}

describe("the online log's card names", () => {
  it("names placed cards with their copies counted, and not the cards the seat never saw", () => {
    const { view: v } = view();
    const mine = v.players[0].hand!.map((c) => c.id);
    const theirs = v.players[1].handCount;
    expect(theirs).toBe(1);
    const hiddenId = Math.max(...mine) + 100;
    const log = [
      { type: "place", player: 0, cards: mine, message: "Player 1 placed 5 cards face down in their chaos row." },
      { type: "draw", player: 1, cards: [hiddenId], message: "Player 2 drew a card." },
    ] as unknown as GameEvent[];
    const { result } = renderHook(() => useLogCards(v, log));
    const [placed, hidden] = result.current;
    expect(placed.map((c) => `${c.title}×${c.count}`).sort()).toEqual(["Amy×1", "Sonic×2", "Tails×2"]);
    expect(placed.reduce((n, c) => n + c.count, 0)).toBe(5);
    expect(hidden).toEqual([]);
  });
});

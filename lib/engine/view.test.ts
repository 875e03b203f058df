import { describe, expect, it } from "vitest";
import { runScenario, type Scenario } from "./scenario";
import { eventsForPlayer } from "./replay";
import { playerView } from "./view";

const peek: Scenario = {
  cards: {
    rouge: { title: "Rouge", colors: ["gray"], rings: 5, traits: ["Animal"], effect: { trigger: "flip", actions: [{ type: "peek", target: { face: "down" } }] } },
    r7: { title: "Angel Island", colors: ["red"], rings: 7, traits: ["Place"] },
    y1: { title: "Cream", colors: ["yellow"], rings: 1, traits: ["Animal"] },
  },
  state: {
    step: "rush",
    players: [
      { deck: ["y1"], hand: ["y1"], discard: [], chaos: [{ card: "rouge", faceUp: false }, null, null, null, { card: "y1", faceUp: false }], spare: [null, null, null, null, null] },
      { deck: ["y1"], hand: ["r7"], discard: [], chaos: [null, null, { card: "r7", faceUp: false }, { card: "y1", faceUp: false }, null], spare: [null, null, null, null, null] },
    ],
  },
  actions: [
    { player: 0, type: "flip", column: 1 },
    { player: 0, type: "choose", slot: { player: 1, row: "chaos", column: 3 } },
  ],
};

describe("player views (RULES.md §7)", () => {
  it("a peeked face-down card is visible to the peeking player only; the peek event is redacted for the other", () => {
    const r = runScenario(peek);
    expect(r.ok).toBe(true);
    const v0 = playerView(r.state, 0);
    const v1 = playerView(r.state, 1);
    expect(v0.players[1].chaos[2]?.card?.card.title).toBe("Angel Island");
    expect(v0.players[1].chaos[3]?.card).toBeNull();
    expect(v1.players[1].chaos[2]?.card?.card.title).toBe("Angel Island");
    expect(v1.players[0].chaos[4]?.card).toBeNull();
    const ev = r.events.find((e) => e.type === "peek")!;
    expect(ev.message).toContain("Angel Island");
    const red = eventsForPlayer(r.events, 1).find((e) => e.type === "peek")!;
    expect(red.message).not.toContain("Angel Island");
    expect(red.cards).toEqual([]);
    expect(eventsForPlayer(r.events, 0).find((e) => e.type === "peek")).toEqual(ev);
  });

  it("the opponent sees hand and deck counts only, and no PRNG state", () => {
    const r = runScenario(peek);
    const v = playerView(r.state, 1);
    expect(v.players[0].hand).toBeNull();
    expect(v.players[0].handCount).toBe(1);
    expect(v.players[0].deckCount).toBe(1);
    expect(JSON.stringify(v)).not.toContain('"rng"');
    expect(v.pending).toBeNull();
  });
});

/**
 * Effect language v2, zones: what a player has seen is modelled in the state,
 * so the player view and the AI (determinization) respect it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { determinize } from "../ai/determinize";
import { runScenario, type Scenario } from "../scenario";
import { playerView } from "../view";

const load = (f: string): Scenario => JSON.parse(readFileSync(path.resolve(__dirname, "../../../data/scenarios", f), "utf8")) as Scenario;

describe("zones: seen cards", () => {
  it("a card turned face down stays known to the opponent who saw it, in the view and in determinized samples", () => {
    const r = runScenario(load("v2-zone-turn-face-down.json"));
    expect(r.ok).toBe(true);
    const s = r.state;
    const x = s.players[1].chaos[0]!;
    expect(x.faceUp).toBe(false);
    const v = playerView(s, 0);
    expect(v.players[1].chaos[0]?.card?.card.title).toBe("Tails");
    for (let seed = 1; seed < 20; seed++) expect(determinize(v, { rng: seed }).players[1].chaos[0]?.card).toBe(x.card);
    // The other face-down card was never seen: hidden.
    expect(v.players[1].chaos[3]?.card).toBeNull();
  });

  it("a card put face down from the public discard pile is known to both players; from the hand only to its owner", () => {
    const hand = runScenario(load("v2-zone-put-hand.json"));
    expect(hand.ok).toBe(true);
    expect(playerView(hand.state, 1).players[0].chaos[4]?.card).toBeNull();
    expect(playerView(hand.state, 0).players[0].chaos[4]?.card?.card.title).toBe("Tails");
  });
});

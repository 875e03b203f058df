/**
 * The agents and the effect language v2's sequencing: a cost is paid only
 * when what it buys is worth more, "do X; if you do, Y" likewise, and the
 * card given up is the weakest. Positions are scenario states (data/scenarios format).
 */
import { describe, expect, it } from "vitest";
import { runScenario, type Scenario } from "../scenario";
import type { EffectInput } from "../effects/schema";
import type { GameState } from "../types";
import { playerView } from "../view";
import { getAgent } from "./index";

const CARDS = {
  g1: { title: "Froggy", colors: ["gray"], rings: 1, traits: ["Animal"] },
  b7: { title: "Big", colors: ["blue"], rings: 7, traits: ["Animal"] },
  r6: { title: "Knuckles", colors: ["red"], rings: 6, traits: ["Animal"] },
};
const up = (card: string) => ({ card, faceUp: true });
const dn = (card: string) => ({ card, faceUp: false });

/** Player 1 flips a card with `effect` in column 1; `mine` and `theirs` are the spare rows. */
function at(effect: EffectInput, mine: unknown[], theirs: unknown[], hand: string[] = []): GameState {
  const sc = {
    description: "agent test",
    rule: "6",
    cards: { ...CARDS, fx: { title: "Fx", colors: ["yellow"], rings: 2, traits: ["Robot"], effect } },
    state: {
      turn: 2,
      lead: 0,
      step: "rush",
      players: [
        { deck: ["g1", "g1", "g1"], hand, discard: [], chaos: [dn("fx"), dn("g1"), null, null, null], spare: mine },
        { deck: ["g1"], hand: [], discard: [], chaos: [dn("g1"), dn("g1"), null, null, null], spare: theirs },
      ],
    },
    actions: [{ player: 0, type: "flip", column: 1 }],
  } as unknown as Scenario;
  const r = runScenario(sc);
  if (!r.ok) throw new Error(r.error.reason);
  return r.state;
}

const COST: EffectInput = { trigger: "flip", optional: true, actions: [{ type: "discard", cost: true, target: { owner: "you", count: 1 } }, { type: "discard", target: { position: "same-column", count: "all" } }] };
const N = [null, null, null, null, null];

describe("agents weigh costs and \"if you do\"", () => {
  for (const name of ["heuristic", "search"]) {
    const agent = getAgent(name);
    const ask = (s: GameState) => agent.chooseAction(playerView(s, 0), { seed: 1, iterations: 20 });

    it(`${name}: pays a cheap cost for a big gain, declines a dear one`, () => {
      const cheap = at(COST, [null, null, up("g1"), null, null], [up("b7"), null, null, null, null]);
      expect(cheap.pending?.kind).toBe("optional");
      expect(ask(cheap)).toEqual({ type: "choose", player: 0, yes: true });
      const dear = at(COST, [null, null, up("r6"), null, null], [up("g1"), null, null, null, null]);
      expect(ask(dear)).toEqual({ type: "choose", player: 0, yes: false });
    });

    it(`${name}: pays with its weakest card`, () => {
      const s = at(COST, [null, up("r6"), up("g1"), null, null], [up("b7"), null, null, null, null]);
      const yes = agent.chooseAction(playerView(s, 0), { seed: 1, iterations: 20 });
      expect(yes).toEqual({ type: "choose", player: 0, yes: true });
      const r = runScenario({
        description: "",
        rule: "6",
        cards: { ...CARDS, fx: { title: "Fx", colors: ["yellow"], rings: 2, traits: ["Robot"], effect: COST } },
        state: { turn: 2, lead: 0, step: "rush", players: [{ deck: [], hand: [], discard: [], chaos: [dn("fx"), dn("g1"), null, null, null], spare: [null, up("r6"), up("g1"), null, null] }, { deck: [], hand: [], discard: [], chaos: [dn("g1"), dn("g1"), null, null, null], spare: [up("b7"), null, null, null, null] }] },
        actions: [{ player: 0, type: "flip", column: 1 }, { player: 0, type: "choose", yes: true }],
      } as unknown as Scenario);
      if (!r.ok) throw new Error(r.error.reason);
      expect(r.state.pending).toMatchObject({ kind: "target", required: true, cost: true });
      expect(agent.chooseAction(playerView(r.state, 0), { seed: 1, iterations: 20 })).toEqual({ type: "choose", player: 0, slot: { player: 0, row: "spare", column: 3 } });
    });

    it(`${name}: discards a card from hand to draw 2, not to draw 1 while losing an emerald`, () => {
      const good: EffectInput = { trigger: "flip", optional: true, actions: [{ type: "hand-discard", who: "you", count: 1, pick: "owner" }, { type: "draw", count: 2, ifDone: true }] };
      expect(ask(at(good, N, N, ["g1", "b7"]))).toEqual({ type: "choose", player: 0, yes: true });
      const bad: EffectInput = { trigger: "flip", optional: true, actions: [{ type: "hand-discard", who: "you", count: 1, pick: "owner" }, { type: "emerald", who: "opponent", add: 1, ifDone: true }] };
      expect(ask(at(bad, N, N, ["g1", "b7"]))).toEqual({ type: "choose", player: 0, yes: false });
    });
  }

  it("heuristic: \"discard up to 1 of your cards; if you do, draw 2\" gives up a weak card, keeps a strong one", () => {
    const h = getAgent("heuristic");
    const e: EffectInput = { trigger: "flip", actions: [{ type: "discard", target: { owner: "you", count: 1 } }, { type: "draw", count: 2, ifDone: true }] };
    const weak = at(e, [null, up("r6"), up("g1"), null, null], N);
    expect(h.chooseAction(playerView(weak, 0), { seed: 1 })).toEqual({ type: "choose", player: 0, slot: { player: 0, row: "spare", column: 3 } });
    const strong = at(e, [null, up("r6"), null, null, null], N);
    expect(h.chooseAction(playerView(strong, 0), { seed: 1 })).toEqual({ type: "pass", player: 0 });
  });
});

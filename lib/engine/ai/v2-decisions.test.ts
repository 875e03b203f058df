/**
 * The agents and the effect language v2's new kinds: for each kind with a
 * decision, the heuristic (and the search agent, which answers pending
 * decisions with it) takes an obviously good optional effect and declines an
 * obviously bad one. Positions come from scenario states (data/scenarios format).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runScenario, type Scenario } from "../scenario";
import type { EffectInput } from "../effects/schema";
import type { GameState } from "../types";
import { playerView } from "../view";
import { getAgent } from "./index";

const BASE = {
  g1: { title: "Froggy", colors: ["gray"], rings: 1, traits: ["Animal"] },
  y3: { title: "Tails", colors: ["yellow"], rings: 3, traits: ["Animal"] },
  r7: { title: "Big", colors: ["red"], rings: 7, traits: ["Animal"] },
  b2: { title: "Danny", colors: ["blue"], rings: 2, traits: ["Human"] },
} as const;

const up = (card: string) => ({ card, faceUp: true });
const dn = (card: string) => ({ card, faceUp: false });
const player = (chaos: unknown[], spare: unknown[] = [null, null, null, null, null], deck: string[] = ["g1", "g1"]) => ({ deck, hand: [] as string[], discard: [] as string[], chaos, spare });

/**
 * Player 1 holds a card with `effect` face up in column 1 (or, for
 * "discarded", one that Player 2's flip copy-discards); Player 2 flips in
 * column 1, which triggers it. Returns the state at Player 1's "you may".
 */
function at(effect: EffectInput): GameState {
  const fxUp = effect.trigger === "discarded" ? { title: "Fx", colors: ["blue"], rings: 2, traits: ["Thing"], effect } : { title: "Fx", colors: ["gray"], rings: 4, traits: ["Thing"], effect };
  const cards: Record<string, unknown> = { ...BASE, fx: fxUp };
  const players = [player([up("fx"), up("y3"), null, null, null], [null, up("r7"), null, null, null]), player([dn("b2"), dn("g1"), null, null, null], [up("r7"), null, null, null, null])];
  const state = { turn: 2, lead: 1, step: "rush", players };
  let actions = [{ player: 1, type: "flip", column: 1 }];
  if (effect.trigger === "score") {
    // The last face-down cards go: the score step's trigger follows.
    players[0].chaos = [up("fx"), up("y3"), null, null, null];
    players[1].chaos = [dn("b2"), up("g1"), null, null, null];
  }
  if (effect.trigger === "battle-won") {
    // Player 1's blue 2 battles Player 2's blue 7 and wins.
    cards.fx = { title: "Fx", colors: ["blue"], rings: 2, traits: ["Thing"], effect };
    cards.b7 = { title: "Blue", colors: ["blue"], rings: 7, traits: ["Animal"] };
    state.lead = 0;
    players[0].chaos = [dn("fx"), dn("y3"), null, null, null];
    players[1].chaos = [dn("g1"), dn("g1"), null, null, null];
    players[1].spare = [up("b7"), null, null, null, null];
    actions = [{ player: 0, type: "flip", column: 1 }];
  }
  const sc = { description: "agent test", rule: "6", cards, state, actions } as unknown as Scenario;
  const r = runScenario(sc);
  if (!r.ok) throw new Error(r.error.reason);
  return r.state;
}

const GOOD = [{ type: "discard", target: { count: 1, rings: { op: "ge", value: 6 } } }] as const;
const BAD = [{ type: "emerald", who: "opponent", add: 1 }] as const;

describe("agents answer the v2 triggers' \"you may\" sensibly", () => {
  for (const trigger of ["discarded", "score", "battle-won", "opposing-flip"] as const) {
    it(`${trigger}: takes an obviously good optional effect and declines a bad one`, () => {
      for (const name of ["heuristic", "search"]) {
        const agent = getAgent(name);
        const good = at({ trigger, optional: true, actions: [...GOOD] } as EffectInput);
        expect(good.pending?.kind, `${trigger} reaches the "you may"`).toBe("optional");
        const p = good.pending!.player;
        expect(agent.chooseAction(playerView(good, p), { seed: 1, iterations: 20 })).toEqual({ type: "choose", player: p, yes: true });
        const bad = at({ trigger, optional: true, actions: [...BAD] } as EffectInput);
        expect(agent.chooseAction(playerView(bad, p), { seed: 1, iterations: 20 })).toEqual({ type: "choose", player: p, yes: false });
      }
    });
  }
});

describe("agents answer the v2 zone decisions sensibly", () => {
  const pendingOf = (f: string, n: number): GameState => {
    const sc = JSON.parse(readFileSync(path.resolve(__dirname, "../../../data/scenarios", f), "utf8")) as Scenario;
    const r = runScenario({ ...sc, actions: (sc.actions ?? []).slice(0, n) });
    if (!r.ok) throw new Error(r.error.reason);
    return r.state;
  };

  it("recovers its best card from the discard pile, and gives up its worst card when it must discard", () => {
    for (const name of ["heuristic", "search"]) {
      const agent = getAgent(name);
      const rec = pendingOf("v2-zone-recover.json", 1);
      expect(rec.pending?.kind).toBe("card");
      const a = agent.chooseAction(playerView(rec, 0), { seed: 1, iterations: 20 });
      expect(a.type === "choose" && rec.cards[a.card!].rings).toBe(3);
      const dis = pendingOf("v2-zone-hand-discard-owner-choice.json", 1);
      expect(dis.pending?.kind).toBe("card");
      const b = agent.chooseAction(playerView(dis, 1), { seed: 1, iterations: 20 });
      expect(b.type === "choose" && dis.cards[b.card!].rings).toBe(1);
    }
  });

  it("says yes to turning an opposing card face down and to making the opponent discard, no to discarding its own hand", () => {
    const h = getAgent("heuristic");
    for (const [actions, yes] of [
      [[{ type: "turn-face-down", target: { count: 1, row: "chaos" } }], true],
      [[{ type: "hand-discard", count: 1 }], true],
      [[{ type: "hand-discard", who: "you", count: 2 }], false],
      [[{ type: "recover", count: 1 }], true],
    ] as const) {
      const s = at({ trigger: "opposing-flip", optional: true, actions: [...actions] } as EffectInput);
      expect(s.pending?.kind).toBe("optional");
      expect(h.chooseAction(playerView(s, 0), { seed: 1 })).toEqual({ type: "choose", player: 0, yes });
    }
  });
});

describe("agents answer the v2 rush rules sensibly", () => {
  it("says yes to an extra flip and to ignoring the column rule, no to handing the opponent the next flip", () => {
    const h = getAgent("heuristic");
    for (const [actions, yes] of [
      [[{ type: "next-flip", who: "you" }], true],
      [[{ type: "rush-rule", rule: "ignore-column-rule", until: "rush" }], true],
      [[{ type: "rush-rule", rule: "any-color", until: "field" }], true],
      [[{ type: "next-flip", who: "opponent" }], false],
    ] as const) {
      const s = at({ trigger: "opposing-flip", optional: true, actions: [...actions] } as EffectInput);
      expect(s.pending?.kind).toBe("optional");
      expect(h.chooseAction(playerView(s, 0), { seed: 1 })).toEqual({ type: "choose", player: 0, yes });
    }
  });
});

/**
 * Effect language v2 sequencing (costs, "if you do", "for each") and
 * durations of ring modifiers and protections: schema checks and the
 * lifecycle of lasting modifiers (rules/lasting.ts). End-to-end positions are
 * in data/scenarios/v2-seq-*.json and v2-duration-*.json.
 */
import { describe, expect, it } from "vitest";
import { parseEffect, type EffectInput } from "./schema";
import { describeEffect } from "../describe/effects";
import { currentRings } from "./auras";
import { runScenario, type Scenario } from "../scenario";
import type { GameState } from "../types";

const draw = { type: "draw", count: 1 } as const;

describe("sequencing and durations: the schema", () => {
  it("rejects what it cannot mean, with a readable error", () => {
    const bad: unknown[] = [
      // Costs come first, are paid by the controller, in full, and buy something.
      { trigger: "flip", actions: [draw, { type: "discard", cost: true, target: { owner: "you", count: 1 } }] },
      { trigger: "flip", actions: [{ type: "draw", count: 1, cost: true }, draw] },
      { trigger: "flip", actions: [{ type: "discard", cost: true, target: { count: 1 } }, draw] },
      { trigger: "flip", actions: [{ type: "discard", cost: true, target: { owner: "you", count: "all" } }, draw] },
      { trigger: "flip", actions: [{ type: "hand-discard", count: 1, cost: true }, draw] },
      { trigger: "flip", actions: [{ type: "emerald", add: 1, cost: true }, draw] },
      { trigger: "flip", actions: [{ type: "discard", cost: true, target: "self" }] },
      // "If you do" needs an action before it; "for each" an amount to multiply.
      { trigger: "flip", actions: [{ ...draw, ifDone: true }] },
      { trigger: "flip", actions: [{ type: "discard", target: { count: 1 }, forEach: { emeralds: "you" } }] },
      { trigger: "flip", actions: [{ type: "modify-rings", target: "self", set: 2, forEach: { emeralds: "you" } }] },
      { trigger: "flip", actions: [{ ...draw, forEach: { previous: true } }] },
      { trigger: "flip", actions: [{ ...draw, forEach: { cards: { traits: ["Robot"], min: 2 } } }] },
      // Continuous effects last while face up.
      { trigger: "continuous", actions: [{ type: "modify-rings", target: "self", add: 1, until: "turn" }] },
      { trigger: "flip", actions: [{ type: "protect", target: "self", from: ["effects"], until: "forever" }] },
    ];
    for (const b of bad) {
      const r = parseEffect(b);
      expect(r.ok, JSON.stringify(b)).toBe(false);
      if (!r.ok) expect(r.error.length).toBeGreaterThan(10);
    }
  });

  it("accepts and describes each kind", () => {
    const ok = (e: EffectInput): string => {
      const r = parseEffect(e);
      if (!r.ok) throw new Error(r.error);
      return describeEffect(r.effect);
    };
    expect(ok({ trigger: "flip", actions: [{ type: "return-to-hand", cost: true, target: "self" }, { type: "draw", count: 2 }] })).toBe(
      "When flipped: as a cost (if it cannot be paid, nothing happens), return to hand: this card; then: draw 2.",
    );
    expect(ok({ trigger: "flip", optional: true, actions: [{ type: "emerald", add: -1, cost: true }, { type: "emerald", who: "opponent", add: -1 }] })).toBe(
      "When flipped, you may, as a cost, lose 1 Chaos Emerald; if you do: your opponent loses 1 Chaos Emerald.",
    );
    expect(ok({ trigger: "continuous", actions: [{ type: "score-rings", target: "self", add: 1, forEach: { zone: "hand", who: "opponent" } }] })).toBe(
      "While face up: +1 ring at the score step for each card in your opponent's hand: this card.",
    );
    expect(ok({ trigger: "flip", actions: [{ type: "discard", target: { owner: "you", count: 2 } }, { ...draw, forEach: { previous: true } }] })).toBe(
      "When flipped: discard: up to 2 face-up cards of yours; then draw 1 for each card the previous action affected.",
    );
  });
});

const CARDS = {
  g1: { title: "Froggy", colors: ["gray"], rings: 1, traits: ["Animal"] },
  b5: { title: "Sonic", colors: ["blue"], rings: 5, traits: ["Animal"] },
  e2: { title: "Egg Pawn", colors: ["gray"], rings: 2, traits: ["Robot"] },
};
const up = (card: string) => ({ card, faceUp: true });
const dn = (card: string) => ({ card, faceUp: false });
const N = [null, null, null, null, null];

function run(fx: EffectInput, state: Record<string, unknown>, actions: unknown[]): GameState {
  const sc = { description: "test", rule: "6", cards: { ...CARDS, fx: { title: "Fx", colors: ["yellow"], rings: 1, traits: ["Thing"], effect: fx } }, state, actions } as unknown as Scenario;
  const r = runScenario(sc);
  if (!r.ok) throw new Error(r.error.reason);
  return r.state;
}

describe("durations: ring modifiers and protections in GameState.lasting", () => {
  const plus = (until: string): EffectInput => ({ trigger: "flip", actions: [{ type: "modify-rings", target: { owner: "you", count: 1 }, add: 3, until } as never] });
  const start = {
    turn: 2,
    lead: 0,
    step: "rush",
    players: [
      { deck: Array(8).fill("g1"), hand: [], discard: [], chaos: [dn("fx"), dn("g1"), null, null, null], spare: [null, up("b5"), null, null, null] },
      { deck: Array(8).fill("g1"), hand: [], discard: [], chaos: [dn("g1"), dn("g1"), null, null, null], spare: N },
    ],
  };
  const choose = { player: 0, type: "choose", slot: { player: 0, row: "spare", column: 2 } };

  it("a modifier counts for battles while it lasts, and ends with its duration", () => {
    for (const until of ["rush", "turn", "field"]) {
      const s = run(plus(until), start, [{ player: 0, type: "flip", column: 1 }, choose]);
      expect(s.lasting).toHaveLength(1);
      expect(currentRings(s, 0, "spare", 1)).toBe(8);
      expect(s.players[0].spare[1]!.mod).toBe(0);
      // The rest of the rush: every card flipped, then score and recharge.
      const after = run(plus(until), start, [{ player: 0, type: "flip", column: 1 }, choose, { player: 1, type: "flip", column: 2 }, { player: 0, type: "flip", column: 2 }, { player: 1, type: "flip", column: 1 }]);
      expect(after.turn).toBe(3);
      // "rush" and "turn" are over; b5 left the field at the recharge, so "while on the field" (of Fx, now in the spare row) no longer has a card to modify.
      expect(after.lasting).toHaveLength(0);
    }
  });

  it("ends when the modified card leaves the field, and does not come back with it", () => {
    const back: EffectInput = { trigger: "flip", actions: [{ type: "modify-rings", target: { owner: "you", count: 1 }, add: 3, until: "turn" }, { type: "return-to-hand", target: { owner: "you", count: 1 } }] };
    const s = run(back, start, [{ player: 0, type: "flip", column: 1 }, choose, choose]);
    expect(s.players[0].hand).toHaveLength(1);
    expect(s.lasting).toHaveLength(0);
  });

  it("\"while on the field\" ends when this card leaves; none is made by a card no longer on the field", () => {
    const leave: EffectInput = { trigger: "flip", actions: [{ type: "modify-rings", target: { owner: "you", count: 1 }, add: 3, until: "field" }, { type: "return-to-hand", target: "self" }] };
    const s = run(leave, start, [{ player: 0, type: "flip", column: 1 }, choose]);
    expect(s.lasting).toHaveLength(0);
    expect(currentRings(s, 0, "spare", 1)).toBe(5);
    const late: EffectInput = { trigger: "flip", actions: [{ type: "return-to-hand", target: "self" }, { type: "modify-rings", target: { owner: "you", count: 1 }, add: 3, until: "field" }] };
    const t = run(late, start, [{ player: 0, type: "flip", column: 1 }, choose]);
    expect(t.lasting).toHaveLength(0);
  });

  it("protection with a duration shields from the opponent's effects only while it lasts", () => {
    const shield: EffectInput = { trigger: "flip", actions: [{ type: "protect", target: { owner: "you", count: 1 }, from: ["effects", "battle-discard"], until: "rush" }] };
    const s = run(shield, start, [{ player: 0, type: "flip", column: 1 }, choose]);
    expect(s.lasting).toEqual([{ player: 0, rule: "modifier", card: s.players[0].chaos[0]!.card, until: "rush", target: s.players[0].spare[1]!.card, add: 0, set: null, protect: 6 }]);
  });
});

describe("for each in a continuous effect follows the count", () => {
  it("+1 ring for each other face-up Robot, recomputed as Robots come and go", () => {
    const aura: EffectInput = { trigger: "continuous", actions: [{ type: "modify-rings", target: "self", add: 1, forEach: { cards: { traits: ["Robot"] } } }] };
    const state = {
      turn: 2,
      lead: 0,
      step: "rush",
      players: [
        { deck: [], hand: [], discard: [], chaos: [dn("e2"), dn("g1"), null, null, null], spare: [up("fx"), up("e2"), null, null, null] },
        { deck: [], hand: [], discard: [], chaos: [dn("g1"), dn("g1"), null, null, null], spare: N },
      ],
    };
    const s = run(aura, state, []);
    expect(currentRings(s, 0, "spare", 0)).toBe(2);
    const t = run(aura, state, [{ player: 0, type: "flip", column: 1 }]);
    expect(currentRings(t, 0, "spare", 0)).toBe(3);
  });
});

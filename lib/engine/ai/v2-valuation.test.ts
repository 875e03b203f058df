/**
 * The heuristic values the effect language v2 (ai/value.ts): positions where
 * the sensible placement, flip or answer is clear — the plain heuristic (as it
 * was before, `heuristic-plain`) gets them wrong — and a simulation with decks
 * of the v2 demo cards (DEMO 67–101) where the heuristic beats the plain one
 * and random by a measured margin. Positions are scenario states (data/scenarios format).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runScenario, type Scenario } from "../scenario";
import { runBatch, wilson } from "../sim/simulate";
import type { CardDef, GameState } from "../types";
import { playerView } from "../view";
import { getAgent } from "./index";

const DEMO = JSON.parse(readFileSync(path.resolve(__dirname, "../../../data/demo-set.json"), "utf8")) as { cards: (CardDef & { number: number })[] };
const demo = (n: number): CardDef => {
  const c = DEMO.cards.find((x) => x.number === n);
  if (!c) throw new Error(`DEMO ${n} missing`);
  return { title: c.title, colors: c.colors, rings: c.rings, traits: c.traits, effect: c.effect };
};

const vanilla = (title: string, color: string, rings: number) => ({ title, colors: [color], rings, traits: ["Thing"] });
const up = (card: string) => ({ card, faceUp: true });
const dn = (card: string) => ({ card, faceUp: false });
const EMPTY = [null, null, null, null, null];

function stateOf(cards: Record<string, unknown>, state: Record<string, unknown>, actions: unknown[] = []): GameState {
  const r = runScenario({ description: "heuristic v2 valuation", rule: "6", cards, state, actions } as unknown as Scenario);
  if (!r.ok) throw new Error(r.error.reason);
  return r.state;
}

const heuristic = getAgent("heuristic");
const plain = getAgent("heuristic-plain");
const act = (agent: typeof heuristic, s: GameState, p: 0 | 1) => agent.chooseAction(playerView(s, p), { seed: 1 });
/** The titles a placement puts down, by column. */
const placed = (s: GameState, a: ReturnType<typeof act>) => (a.type === "place" ? a.cards.map((id) => (id === null ? null : s.cards[id].title)) : []);

describe("placement values the v2 kinds", () => {
  // Player 1 holds Blue Typhoon (gain an emerald when behind with 2 or fewer cards in hand) and six 5-ring cards.
  const typhoon = (emeralds: [number, number]) =>
    stateOf(
      { bt: demo(76), f1: vanilla("Five A", "red", 5), f2: vanilla("Five B", "red", 5), g5: vanilla("Five C", "gray", 5) },
      {
        turn: 3,
        lead: 0,
        step: "play",
        emeralds,
        players: [
          { deck: ["g5", "g5"], hand: ["bt", "f1", "f1", "f2", "f2", "g5", "g5"], discard: [], chaos: EMPTY, spare: EMPTY },
          { deck: ["g5", "g5"], hand: ["g5", "g5", "g5", "g5", "g5"], discard: [], chaos: EMPTY, spare: EMPTY },
        ],
      },
    );

  it("plays a card that gains an emerald when its condition will hold, and keeps it for later when it will not", () => {
    const behind = typhoon([0, 1]);
    expect(placed(behind, act(heuristic, behind, 0))).toContain("Blue Typhoon");
    expect(placed(behind, act(plain, behind, 0))).not.toContain("Blue Typhoon");
    const ahead = typhoon([1, 0]);
    expect(placed(ahead, act(heuristic, ahead, 0))).not.toContain("Blue Typhoon");
  });

  it("puts a card that discards the card it battled when it loses (Jet the Hawk) against an opposing card of its color", () => {
    const s = stateOf(
      { jet: demo(100), g4: vanilla("Four", "gray", 4), b3: vanilla("Blue Three", "blue", 3) },
      {
        turn: 2,
        lead: 0,
        step: "play",
        players: [
          { deck: ["g4"], hand: ["jet", "g4", "g4", "g4", "g4", "g4", "g4"], discard: [], chaos: EMPTY, spare: EMPTY },
          { deck: ["g4"], hand: ["g4", "g4", "g4", "g4", "g4"], discard: [], chaos: EMPTY, spare: [null, null, null, up("b3"), null] },
        ],
      },
    );
    // Jet (blue 5) loses its battle with the blue 3 (fewer rings) and then discards it.
    expect(placed(s, act(heuristic, s, 0))[3]).toBe("Jet the Hawk");
    expect(placed(s, act(plain, s, 0))[3]).not.toBe("Jet the Hawk");
  });

  it("plays a score-step trigger that can discard an opposing high card (Egg Fort) over a vanilla card with more rings", () => {
    const s = stateOf(
      { fort: demo(83), s6: vanilla("Six", "gray", 6), r9: vanilla("Nine", "red", 9) },
      {
        turn: 2,
        lead: 0,
        step: "play",
        players: [
          { deck: ["s6"], hand: ["fort", "s6", "s6", "s6", "s6", "s6", "s6"], discard: [], chaos: EMPTY, spare: EMPTY },
          { deck: ["s6"], hand: ["s6", "s6", "s6", "s6", "s6"], discard: [], chaos: EMPTY, spare: [up("r9"), null, null, null, null] },
        ],
      },
    );
    expect(placed(s, act(heuristic, s, 0))).toContain("Egg Fort");
    expect(placed(s, act(plain, s, 0))).not.toContain("Egg Fort");
  });
});

describe("flips value the v2 kinds", () => {
  it("under \"the lower card is discarded\" flips its high card against a lower one, not its low card against a higher one", () => {
    // Player 1 flips Reverse Ray (lower-discarded until the end of the rush); Player 2 has nothing left to flip.
    const s = stateOf(
      { ray: demo(97), r8: vanilla("Red Eight", "red", 8), r2: vanilla("Red Two", "red", 2), r5: vanilla("Red Five", "red", 5), r6: vanilla("Red Six", "red", 6), g1: vanilla("One", "gray", 1) },
      {
        turn: 2,
        lead: 0,
        step: "rush",
        players: [
          { deck: ["g1"], hand: [], discard: [], chaos: [dn("ray"), dn("r8"), dn("r2"), null, null], spare: EMPTY },
          { deck: ["g1"], hand: [], discard: [], chaos: [up("g1"), up("g1"), up("g1"), null, null], spare: [null, up("r5"), up("r6"), null, null] },
        ],
      },
      [{ player: 0, type: "flip", column: 1 }],
    );
    expect(s.lasting.map((x) => x.rule)).toEqual(["lower-discarded"]);
    expect(act(heuristic, s, 0)).toEqual({ type: "flip", player: 0, column: 2 });
    expect(act(plain, s, 0)).toEqual({ type: "flip", player: 0, column: 3 });
  });

  it("values a lower-discarded rule by its own cards: flips Reverse Ray first when its cards to come are high, not when its cards on the field are low", () => {
    const cards = { ray: demo(97), r9: vanilla("Red Nine", "red", 9), r1: vanilla("Red One", "red", 1), r4: vanilla("Red Four", "red", 4), g3: vanilla("Gray Three", "gray", 3), g1: vanilla("One", "gray", 1) };
    // High: Player 1's red 9 will meet the opposing red 4; both columns exposed alike.
    const high = stateOf(cards, {
      turn: 2,
      lead: 0,
      step: "rush",
      players: [
        { deck: ["g1"], hand: [], discard: [], chaos: [dn("g3"), dn("r9"), dn("ray"), null, null], spare: EMPTY },
        { deck: ["g1"], hand: [], discard: [], chaos: [dn("g1"), dn("g1"), dn("g1"), null, null], spare: [null, up("r4"), null, null, null] },
      ],
    });
    expect(act(heuristic, high, 0)).toEqual({ type: "flip", player: 0, column: 3 });
    // Low: Player 1's face-up cards are 1s facing opposing cards still to flip; nothing of its own gains from the rule.
    const low = stateOf(cards, {
      turn: 2,
      lead: 0,
      step: "rush",
      players: [
        { deck: ["g1"], hand: [], discard: [], chaos: [dn("g3"), dn("g3"), dn("ray"), null, null], spare: [up("r1"), up("r1"), null, null, null] },
        { deck: ["g1"], hand: [], discard: [], chaos: [dn("g1"), dn("g1"), dn("g1"), null, null], spare: EMPTY },
      ],
    });
    expect(act(heuristic, low, 0)).not.toEqual({ type: "flip", player: 0, column: 3 });
  });

  it("flips a card with an opposing-flip trigger (G.U.N. Beetle) while the opposing card in its column is still face down", () => {
    const s = stateOf(
      { beetle: demo(86), g4: vanilla("Gray Four", "gray", 4), g1: vanilla("One", "gray", 1) },
      {
        turn: 2,
        lead: 0,
        step: "rush",
        players: [
          { deck: ["g1"], hand: [], discard: [], chaos: [dn("g4"), dn("beetle"), null, null, null], spare: EMPTY },
          { deck: ["g1"], hand: [], discard: [], chaos: [dn("g1"), dn("g1"), null, null, null], spare: EMPTY },
        ],
      },
    );
    expect(act(heuristic, s, 0)).toEqual({ type: "flip", player: 0, column: 2 });
    expect(act(plain, s, 0)).toEqual({ type: "flip", player: 0, column: 1 });
  });
});

describe("decisions on the v2 kinds", () => {
  it("does not turn face down a card whose flip effect its owner would use again (two Chaos Spears would loop), and turns a plain one down", () => {
    const cards = { spear: demo(87), g1: vanilla("One", "gray", 1), b6: vanilla("Blue Six", "blue", 6) };
    const at = (other: string) =>
      stateOf(cards, {
        turn: 2,
        lead: 1,
        step: "rush",
        players: [
          { deck: ["g1"], hand: [], discard: [], chaos: [up(other), dn("g1"), null, null, null], spare: EMPTY },
          { deck: ["g1"], hand: [], discard: [], chaos: [up("g1"), dn("spear"), null, null, null], spare: EMPTY },
        ],
      }, [{ player: 1, type: "flip", column: 2 }]);
    const spear = at("spear");
    expect(spear.pending?.kind).toBe("target");
    expect(act(heuristic, spear, 1)).toEqual({ type: "pass", player: 1 });
    const plainCard = at("b6");
    expect(act(heuristic, plainCard, 1)).toEqual({ type: "choose", player: 1, slot: { player: 0, row: "chaos", column: 1 } });
  });

  it("as the opponent's pick (Pale Bay Leaf) gives up its least valuable card", () => {
    const s = stateOf(
      { leaf: demo(72), g1: vanilla("One", "gray", 1), r7: vanilla("Red Seven", "red", 7), y2: vanilla("Yellow Two", "yellow", 2) },
      {
        turn: 2,
        lead: 0,
        step: "rush",
        players: [
          { deck: ["g1"], hand: [], discard: [], chaos: [null, dn("leaf"), null, null, null], spare: EMPTY },
          { deck: ["g1"], hand: [], discard: [], chaos: [up("r7"), dn("g1"), up("y2"), null, null], spare: EMPTY },
        ],
      },
      [{ player: 0, type: "flip", column: 2 }],
    );
    expect(s.pending).toMatchObject({ kind: "target", player: 1, required: true });
    for (const agent of [heuristic, getAgent("search")]) expect(agent.chooseAction(playerView(s, 1), { seed: 1, iterations: 20 })).toEqual({ type: "choose", player: 1, slot: { player: 1, row: "chaos", column: 3 } });
  });

  it("a card that discards the card it battled when it loses picks the opposing card with most rings, even one it does not beat", () => {
    const s = stateOf(
      { jet: demo(100), b3: vanilla("Blue Three", "blue", 3), b4: vanilla("Blue Four", "blue", 4), g1: vanilla("One", "gray", 1) },
      {
        turn: 2,
        lead: 0,
        step: "rush",
        players: [
          { deck: ["g1"], hand: [], discard: [], chaos: [dn("jet"), null, null, null, null], spare: EMPTY },
          { deck: ["g1"], hand: [], discard: [], chaos: [up("b3"), null, null, null, null], spare: [up("b4"), null, null, null, null] },
        ],
      },
      [{ player: 0, type: "flip", column: 1 }],
    );
    expect(s.pending?.kind).toBe("battle");
    expect(act(heuristic, s, 0)).toEqual({ type: "choose", player: 0, slot: { player: 1, row: "spare", column: 1 } });
  });
});

describe("simulation: decks of the v2 demo cards (DEMO 67–101)", () => {
  const deckOf = (q: Record<number, number>): CardDef[] => Object.entries(q).flatMap(([n, k]) => Array.from({ length: k }, () => demo(Number(n))));
  // Every v2 demo card once (35 cards), and a deck of the cards whose value depends on the position (36 cards).
  const ALL: Record<number, number> = Object.fromEntries(Array.from({ length: 35 }, (_, i) => [67 + i, 1]));
  const PICKED: Record<number, number> = { 71: 2, 75: 3, 76: 3, 77: 3, 80: 2, 83: 3, 85: 3, 86: 3, 87: 2, 97: 2, 98: 2, 99: 2, 100: 3, 101: 3 };

  const score = (deck: CardDef[], agents: [string, string], games: number) => {
    const r = runBatch({ decks: [deck, deck], agents, games, seed: 7 });
    const [lo, hi] = wilson(r.wins[0], r.games);
    const s = (r.wins[0] + r.draws / 2) / r.games;
    console.log(`${agents[0]} vs ${agents[1]}, ${deck.length}-card v2 deck, ${games} mirrored games: ${r.wins[0]}–${r.wins[1]} (${r.draws} draws), ${(100 * s).toFixed(1)}% (95% ${(100 * lo).toFixed(1)}–${(100 * hi).toFixed(1)}%)`);
    return { s, lo };
  };

  it("the heuristic beats the plain heuristic and random", () => {
    expect(score(deckOf(PICKED), ["heuristic", "heuristic-plain"], 2000).lo).toBeGreaterThan(0.52);
    expect(score(deckOf(ALL), ["heuristic", "heuristic-plain"], 2000).s).toBeGreaterThan(0.51);
    expect(score(deckOf(PICKED), ["heuristic", "random"], 400).lo).toBeGreaterThan(0.7);
    // 4,400 games, CPU-bound: a few seconds alone, over 30 s beside another test file on a busy 2-core machine
  }, 180_000);
});

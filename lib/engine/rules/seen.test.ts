/**
 * What a player has seen of hidden zones (rules/seen.ts, docs/rules.md): the
 * look-deck and look-hand effects, the player view (the looker only), how long
 * the knowledge lasts, determinization (known cards fixed, the rest sampled),
 * the search agent (reads nothing the view hides) and the agents' answers to
 * the put-back decisions.
 */
import { describe, expect, it } from "vitest";
import { applyAction } from "../apply-action";
import { cloneState } from "../clone";
import { readFileSync } from "node:fs";
import path from "node:path";
import { runScenario, scenarioOutput, type Scenario } from "../scenario";
import { eventsForPlayer } from "../replay";
import type { Action, GameState, Player } from "../types";
import { legalActionsForView, playerView } from "../view";
import { legalActions } from "../legal-actions";
import { determinize } from "../ai/determinize";
import { heuristicChoice } from "../ai/heuristic";
import { searchChoice } from "../ai/search";
import { randomAgent } from "../ai/random";
import { checkConservation } from "./board";

const CARDS = {
  g1: { title: "Froggy", colors: ["gray"], rings: 1, traits: ["Animal"] },
  r2: { title: "Ella", colors: ["red"], rings: 2, traits: ["Human"] },
  y3: { title: "Tails", colors: ["yellow"], rings: 3, traits: ["Animal"] },
  b5: { title: "Sonic", colors: ["blue"], rings: 5, traits: ["Animal"] },
  r7: { title: "Big", colors: ["red"], rings: 7, traits: ["Animal"] },
  b2: { title: "Danny", colors: ["blue"], rings: 2, traits: ["Human"] },
  look: { title: "Scout", colors: ["blue"], rings: 4, traits: ["Thing"], effect: { trigger: "flip", actions: [{ type: "look-deck", count: 3, order: "any" }] } },
  bottom: { title: "Deep Scout", colors: ["blue"], rings: 4, traits: ["Thing"], effect: { trigger: "flip", actions: [{ type: "look-deck", count: 3, order: "any-or-bottom" }] } },
  spy: { title: "Spy", colors: ["blue"], rings: 4, traits: ["Thing"], effect: { trigger: "flip", actions: [{ type: "look-hand" }] } },
};
const E = [null, null, null, null, null];
const dn = (card: string) => ({ card, faceUp: false });

/** Player 1 flips `fx` in column 1; Player 2 has a face-down card in column 1 and a hand. */
function position(fx: keyof typeof CARDS, deck0: string[], hand1: string[] = ["r7", "b2"], deck1: string[] = ["g1", "y3", "r2", "b5"]): Scenario {
  return {
    cards: CARDS,
    state: {
      turn: 2,
      lead: 0,
      step: "rush",
      players: [
        { deck: deck0, hand: ["b2", "b2", "b2", "b2", "b2"], discard: [], chaos: [dn(fx), dn("g1"), null, null, null], spare: E },
        { deck: deck1, hand: hand1, discard: ["y3"], chaos: [dn("g1"), dn("g1"), null, null, null], spare: E },
      ],
    },
    actions: [{ player: 0, type: "flip", column: 1 }],
  } as unknown as Scenario;
}

function run(sc: Scenario): GameState {
  const r = runScenario(sc);
  if (!r.ok) throw new Error(r.error.reason);
  return r.state;
}

function act(s: GameState, a: Action): GameState {
  const r = applyAction(s, a);
  if (!r.ok) throw new Error(r.error.reason);
  checkConservation(r.state);
  return r.state;
}

const key = (s: GameState, id: number): string => (s.keys as string[])[id];

describe("look at the top of your deck (effect language v2)", () => {
  it("shows the looked-at cards to their owner only, asks for the new order one card at a time, and keeps them known until drawn", () => {
    let s = run(position("look", ["g1", "r2", "y3", "b5", "r7"]));
    const pd = s.pending;
    expect(pd?.kind === "card" && pd.zone === "deck" && pd.purpose === "deck-top" && pd.required).toBe(true);
    // The owner sees the three cards at their places; the opponent sees none of them.
    const v0 = playerView(s, 0);
    expect(v0.players[0].knownDeck.map((k) => [k.at, k.card.card.title])).toEqual([
      [0, "Froggy"],
      [1, "Ella"],
      [2, "Tails"],
    ]);
    const v1 = playerView(s, 1);
    expect(v1.players[0].knownDeck).toEqual([]);
    expect(v1.pending).toEqual({ kind: "card", player: 0, prompt: expect.any(String) });
    // The choices come from the view alone, as from the state.
    expect(legalActionsForView(v0)).toEqual(legalActions(s, 0));
    s = act(s, { type: "choose", player: 0, card: s.players[0].deck[2] });
    s = act(s, { type: "choose", player: 0, card: s.players[0].deck[2] });
    expect(s.pending).toBeNull();
    expect(s.players[0].deck.map((id) => key(s, id))).toEqual(["y3", "r2", "g1", "b5", "r7"]);
    expect(playerView(s, 0).players[0].knownDeck.map((k) => k.at)).toEqual([0, 1, 2]);
    // The peek event is private: the opponent reads only how many cards were looked at.
    const r = applyAction(run({ ...position("look", ["g1", "r2", "y3"]), actions: [] } as Scenario), { type: "flip", player: 0, column: 1 });
    if (!r.ok) throw new Error(r.error.reason);
    const theirs = eventsForPlayer(r.events, 1).find((e) => e.type === "peek");
    expect(theirs?.cards).toEqual([]);
    expect(theirs?.message).toContain("looked at the top 3 cards");
    expect(theirs?.message).not.toContain("Froggy");
  });

  it("puts chosen cards at the bottom, then the rest on top in the chosen order", () => {
    let s = run(position("bottom", ["g1", "r2", "y3", "b5", "r7"]));
    const deck = s.players[0].deck;
    s = act(s, { type: "choose", player: 0, card: deck[0] });
    expect(s.pending?.kind === "card" && s.pending.purpose).toBe("deck-bottom");
    s = act(s, { type: "pass", player: 0 });
    expect(s.pending?.kind === "card" && s.pending.purpose).toBe("deck-top");
    s = act(s, { type: "choose", player: 0, card: s.players[0].deck[1] });
    expect(s.players[0].deck.map((id) => key(s, id))).toEqual(["y3", "r2", "b5", "r7", "g1"]);
    expect(playerView(s, 0).players[0].knownDeck.map((k) => [k.at, k.card.card.title])).toEqual([
      [0, "Tails"],
      [1, "Ella"],
      [4, "Froggy"],
    ]);
    expect(s.pending).toBeNull();
  });

  it("a deck of one card or none needs no decision", () => {
    const one = run(position("look", ["r7"]));
    expect(one.pending).toBeNull();
    expect(one.seen[0].deck.map((id) => key(one, id))).toEqual(["r7"]);
    const none = runScenario(position("look", []));
    expect(none.ok && none.state.seen[0].deck).toEqual([]);
  });
});

describe("look at your opponent's hand (effect language v2)", () => {
  it("shows that hand to the looker only, until a card leaves it", () => {
    let s = run(position("spy", ["g1"], ["r7", "b2", "y3"]));
    const v0 = playerView(s, 0);
    expect(v0.players[1].hand).toBeNull();
    expect(v0.players[1].knownHand.map((c) => c.card.title).sort()).toEqual(["Big", "Danny", "Tails"]);
    expect(playerView(s, 1).players[1].knownHand).toEqual([]);
    expect(playerView(s, 1).players[0].knownHand).toEqual([]);
    // A card leaving the hand (here: Player 2's own discard from hand, by hand) is no longer shown; the rest still is.
    const t = cloneState(s);
    const gone = t.players[1].hand.shift() as number;
    t.players[1].discard.push(gone);
    const after = act(t, { type: "flip", player: 1, column: 2 });
    expect(playerView(after, 0).players[1].knownHand.map((c) => c.id)).not.toContain(gone);
    expect(playerView(after, 0).players[1].knownHand).toHaveLength(2);
    // The view shows nothing the viewer has not seen: the unknown cards of that hand have no ids in it.
    s = act(s, { type: "flip", player: 1, column: 2 });
    const ids: number[] = [];
    JSON.stringify(playerView(s, 0), (k, v) => (k === "id" && ids.push(v as number), v));
    for (const id of s.players[1].deck) expect(ids).not.toContain(id);
  });
});

describe("scenario files", () => {
  it("a printed state with what the players have seen loads back to the same knowledge", () => {
    const sc = JSON.parse(readFileSync(path.resolve(__dirname, "../../../data/scenarios/v2-zone-look-deck-bottom.json"), "utf8")) as Scenario;
    const r = runScenario(sc);
    if (!r.ok) throw new Error(r.error.reason);
    const printed = scenarioOutput(r.state, r.events).state as Record<string, unknown>;
    const again = runScenario({ cards: sc.cards, state: printed, actions: [] } as unknown as Scenario);
    if (!again.ok) throw new Error(again.error.reason);
    // Instance ids follow the loaded zones' order; the local ids and places are the same.
    const keys = (t: GameState) => t.seen.map((k) => ({ hand: k.hand.map((id) => key(t, id)).sort(), deck: k.deck.map((id) => key(t, id)).sort() }));
    expect(keys(again.state)).toEqual(keys(r.state));
    expect(keys(r.state)[0].deck).toEqual(["g1", "r2", "y3"]);
    expect(playerView(again.state, 0).players[0].knownDeck.map((k) => k.at)).toEqual([0, 1, 3]);
  });
});

describe("a hand mixed by a face-down departure", () => {
  it("forgets what was seen of a hand when its owner puts a card from it face down onto the field", () => {
    const cards = { ...CARDS, putter: { title: "Ring Box", colors: ["gray"], rings: 1, traits: ["Thing"], effect: { trigger: "flip", actions: [{ type: "put", from: "hand" }] } } };
    const sc = {
      cards,
      state: {
        turn: 2,
        lead: 0,
        step: "rush",
        players: [
          { deck: [], hand: [], discard: [], chaos: [dn("spy"), dn("g1"), null, null, null], spare: E },
          { deck: [], hand: ["r7", "b2"], discard: [], chaos: [dn("g1"), dn("putter"), null, null, null], spare: E },
        ],
      },
      actions: [{ player: 0, type: "flip", column: 1 }],
    } as unknown as Scenario;
    let s = run(sc);
    expect(playerView(s, 0).players[1].knownHand).toHaveLength(2);
    // Player 2 flips its card that puts a card from its hand face down: Player 1 cannot tell which one, so forgets both.
    s = act(s, { type: "flip", player: 1, column: 2 });
    const pd = s.pending;
    expect(pd?.kind).toBe("card");
    s = act(s, { type: "choose", player: 1, card: (pd as { options: number[] }).options[0] });
    if (s.pending?.kind === "target") s = act(s, { type: "choose", player: 1, slot: s.pending.options[0] });
    expect(s.players[1].hand).toHaveLength(1);
    expect(playerView(s, 0).players[1].knownHand).toEqual([]);
    expect(s.seen[0].hand).toEqual([]);
  });
});

/** A position after Player 1 looked at Player 2's hand and reordered its own deck top; Player 2 looked at its own deck. */
function knownPosition(): GameState {
  let s = run(position("look", ["g1", "r2", "y3", "b5", "r7", "b2", "g1"], ["r7", "b2", "y3"], ["g1", "y3", "r2", "b5", "r7", "b2", "y3"]));
  s = act(s, { type: "choose", player: 0, card: s.players[0].deck[1] });
  s = act(s, { type: "choose", player: 0, card: s.players[0].deck[2] });
  // Add what Player 1 saw of Player 2's hand and what Player 2 saw of its own deck, as those effects would.
  const t = cloneState(s);
  t.seen = [
    { hand: t.players[1].hand.slice().sort((a, b) => a - b), deck: t.seen[0].deck },
    { hand: [], deck: t.players[1].deck.slice(0, 2).sort((a, b) => a - b) },
  ];
  return t;
}

describe("determinization and the search agent (house rule 4)", () => {
  it("keeps every known card in place and samples only the unknown ones", () => {
    const s = knownPosition();
    const v = playerView(s, 0);
    const knownTop = s.players[0].deck.slice(0, 3);
    const oppHand = s.players[1].hand;
    const seenOppDecks = new Set<string>();
    const seenMyRest = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const d = determinize(v, { rng: seed });
      checkConservation(d);
      expect(d.players[0].deck.slice(0, 3)).toEqual(knownTop);
      expect(d.players[1].hand.slice().sort()).toEqual(oppHand.slice().sort());
      expect(d.seen[0].hand.slice().sort()).toEqual(oppHand.slice().sort());
      // What Player 2 knows of its own deck is not in Player 1's view, so not in the sample.
      expect(d.seen[1]).toEqual({ hand: [], deck: [] });
      seenOppDecks.add(JSON.stringify(d.players[1].deck.map((id) => d.cards[id].title)));
      seenMyRest.add(JSON.stringify(d.players[0].deck.slice(3).map((id) => d.cards[id].title)));
    }
    // The unknown cards really are sampled.
    expect(seenOppDecks.size).toBeGreaterThan(5);
    expect(seenMyRest.size).toBeGreaterThan(1);
  });

  it("the search agent decides the same when only what the view hides differs", () => {
    // Play the rush out: in the next play step Player 1 places (a search over placements), still knowing Player 2's hand and its own deck's top card.
    let base = knownPosition();
    for (const [p, column] of [[1, 2], [0, 2], [1, 1]] as const) base = act(base, { type: "flip", player: p, column });
    expect(base.step).toBe("play");
    expect(base.seen[0].hand).toHaveLength(3);
    expect(base.seen[0].deck).toHaveLength(1);
    const v = playerView(base, 0);
    // Another state with the same view: Player 2's unknown hand cards and deck mixed (Player 2's own knowledge differs too), Player 1's unknown deck cards reordered, another PRNG state.
    const other = cloneState(base);
    const known = new Set([...base.seen[0].hand, ...base.seen[0].deck]);
    const o = other.players[1];
    const handAt = o.hand.map((id, i) => (known.has(id) ? -1 : i)).filter((i) => i >= 0);
    const pool = [...handAt.map((i) => o.hand[i]), ...o.deck].reverse();
    handAt.forEach((i, j) => (o.hand[i] = pool[j]));
    o.deck = pool.slice(handAt.length);
    const mine = other.players[0].deck;
    const at = mine.map((id, i) => (known.has(id) ? -1 : i)).filter((i) => i >= 0);
    const rest = at.map((i) => mine[i]).reverse();
    at.forEach((i, j) => (mine[i] = rest[j]));
    other.rng = (other.rng + 99) | 0;
    other.seen = [other.seen[0], { hand: [], deck: [o.deck[0]] }];
    expect(JSON.stringify(other.players)).not.toBe(JSON.stringify(base.players));
    const w = playerView(other, 0);
    expect(JSON.stringify(w)).toBe(JSON.stringify(v));
    expect(searchChoice(w, { seed: 7, iterations: 60 })).toEqual(searchChoice(v, { seed: 7, iterations: 60 }));
  });
});

describe("the agents answer the put-back decisions", () => {
  it("the heuristic puts its best card on top and its low cards at the bottom", () => {
    let s = run(position("bottom", ["g1", "r7", "b2", "b5", "y3"]));
    // Bottom: the 1-ring card (below an average card of the deck list), then it passes (the rest are worth keeping).
    const a = heuristicChoice(playerView(s, 0));
    expect(a.type === "choose" && key(s, a.card as number)).toBe("g1");
    s = act(s, a);
    const b = heuristicChoice(playerView(s, 0));
    expect(b.type === "choose" && key(s, b.card as number)).toBe("b2");
    s = act(s, b);
    expect(heuristicChoice(playerView(s, 0))).toEqual({ type: "pass", player: 0 });
    s = act(s, { type: "pass", player: 0 });
    // The one card left stays on top: no choice.
    expect(s.pending).toBeNull();
    expect(s.players[0].deck.map((id) => key(s, id))).toEqual(["r7", "b5", "y3", "g1", "b2"]);
  });

  it("the heuristic draws its best card first", () => {
    let s = run(position("look", ["g1", "b2", "r7", "b5", "y3"]));
    s = act(s, heuristicChoice(playerView(s, 0)));
    s = act(s, heuristicChoice(playerView(s, 0)));
    expect(s.pending).toBeNull();
    expect(s.players[0].deck.map((id) => key(s, id))).toEqual(["r7", "b2", "g1", "b5", "y3"]);
  });

  it("random and search agents answer them with legal actions", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      let s = run(position("bottom", ["g1", "r7", "b2", "b5", "y3"]));
      for (let i = 0; i < 8 && s.pending !== null; i++) {
        const v = playerView(s, s.pending.player as Player);
        const a = i % 2 === 0 ? randomAgent.chooseAction(v, { seed: seed + i }) : searchChoice(v, { seed, iterations: 20 });
        expect(legalActions(s, s.pending.player)).toContainEqual(a);
        s = act(s, a);
      }
      expect(s.pending).toBeNull();
      expect(s.players[0].deck.map((id) => key(s, id)).sort()).toEqual(["b2", "b5", "g1", "r7", "y3"]);
    }
  });
});

/**
 * Deck fixtures for the engine's own tests and benchmarks: a vanilla pool and
 * a pool whose cards exercise every effect primitive (RULES.md §6).
 */
import type { CardDef, Color } from "./types";

function c(title: string, colors: Color[], rings: number, traits: string[], effect: CardDef["effect"] = null): CardDef {
  return { title, colors, rings, traits, effect };
}

/** Vanilla cards over all colors and ring values. */
export const VANILLA: CardDef[] = [
  c("Sonic", ["blue"], 5, ["Animal"]),
  c("Tails", ["yellow"], 3, ["Animal"]),
  c("Knuckles", ["red"], 6, ["Animal"]),
  c("Amy", ["red"], 4, ["Animal"]),
  c("Cream", ["yellow"], 1, ["Animal"]),
  c("Big", ["blue"], 7, ["Animal"]),
  c("Froggy", ["gray"], 0, ["Animal"]),
  c("Shadow", ["gray"], 8, ["Animal"]),
  c("Chris", ["yellow"], 2, ["Human"]),
  c("Egg Pawn", ["gray"], 2, ["Robot"]),
  c("Station Square", ["blue", "yellow"], 4, ["Place"]),
  c("Chaos Gamma", ["red", "blue"], 8, ["Robot"]),
  c("Chaos Emerald", ["blue", "red", "yellow", "gray"], 6, ["Thing"]),
  c("Helen", ["blue"], 3, ["Human"]),
  c("Ella", ["red"], 2, ["Human"]),
];

/** Cards whose structured effects use every primitive of RULES.md §6. */
export const EFFECT_CARDS: CardDef[] = [
  c("Egg Bomber", ["gray"], 6, ["Robot"], { trigger: "flip", optional: false, actions: [{ type: "discard", target: { owner: "opponent", row: "any", position: "any", face: "up", count: 1, rings: { of: "printed", op: "le", value: 3 } } }] }),
  c("Wind", ["yellow"], 2, ["Thing"], { trigger: "flip", optional: false, actions: [{ type: "return-to-hand", target: { owner: "opponent", row: "any", position: "same-column", face: "up", count: "all" } }] }),
  c("Tails Lab", ["yellow"], 3, ["Place"], { trigger: "flip", optional: false, condition: { owner: "you", where: "field", traits: ["Animal"] }, actions: [{ type: "draw", count: 1, who: "you" }] }),
  c("Rouge", ["gray"], 5, ["Animal"], { trigger: "flip", optional: true, actions: [{ type: "peek", target: { owner: "opponent", row: "chaos", position: "any", face: "down", count: 1 } }] }),
  c("Espio", ["blue"], 4, ["Animal"], { trigger: "flip", optional: false, actions: [{ type: "flip-up", withEffect: false, target: { owner: "opponent", row: "chaos", position: "adjacent", face: "down", count: 1 } }] }),
  c("Vector", ["red"], 5, ["Animal"], { trigger: "flip", optional: false, actions: [{ type: "flip-up", withEffect: true, target: { owner: "you", row: "chaos", position: "any", face: "down", count: 1 } }] }),
  c("Sam Speed", ["blue"], 6, ["Human"], { trigger: "flip", optional: false, actions: [{ type: "modify-rings", target: "self", add: 2 }] }),
  c("Bokkun", ["blue"], 0, ["Robot"], { trigger: "flip", optional: false, actions: [{ type: "modify-rings", target: { owner: "opponent", row: "any", position: "same-column", face: "up", count: 1 }, set: 9 }] }),
  c("Barrier", ["yellow"], 2, ["Thing"], { trigger: "flip", optional: false, actions: [{ type: "protect", target: { owner: "you", row: "any", position: "adjacent", face: "up", count: "all" }, from: ["battle-discard", "copy-discard"] }] }),
  c("Paint", ["gray"], 3, ["Thing"], { trigger: "flip", optional: false, actions: [{ type: "change-color", target: { owner: "opponent", row: "spare", position: "same-column", face: "up", count: 1 }, color: "choose" }] }),
  c("Emerl", ["yellow", "gray"], 3, ["Robot"], { trigger: "flip", optional: false, actions: [{ type: "change-color", target: "self", color: "choose" }] }),
  c("Emerald Coast", ["blue"], 4, ["Place"], { trigger: "continuous", optional: false, actions: [{ type: "modify-rings", target: { owner: "you", row: "any", position: "any", face: "up", count: "all", colors: ["blue"] }, add: 1 }] }),
  c("Master Emerald", ["gray"], 9, ["Thing"], { trigger: "continuous", optional: false, condition: { owner: "you", where: "adjacent", traits: ["Animal"] }, actions: [{ type: "protect", target: "self", from: ["effects", "copy-discard"] }] }),
  c("Mr. Tanaka", ["red"], 5, ["Human"], { trigger: "flip", optional: true, actions: [{ type: "return-to-hand", target: "self" }, { type: "draw", count: 1, who: "opponent" }] }),
  c("Eggman", ["red", "gray"], 9, ["Human"], { trigger: "flip", optional: false, condition: { owner: "any", where: "same-column", titles: ["Sonic"] }, actions: [{ type: "discard", target: { owner: "opponent", row: "any", position: "any", face: "up", count: 2, rings: { of: "current", op: "lt", value: "self" } } }] }),
];

/** A deck of `size` cards cycling through a pool from an offset. */
export function cycleDeck(pool: CardDef[], size: number, offset = 0): CardDef[] {
  return Array.from({ length: size }, (_, i) => pool[(i + offset) % pool.length]);
}

/** Two 30-card decks mixing vanilla and effect cards. */
export function mixedDecks(): [CardDef[], CardDef[]] {
  const pool = [...VANILLA, ...EFFECT_CARDS];
  return [cycleDeck(pool, 30, 0), cycleDeck(pool, 30, 13)];
}

const ANY_UP = { row: "any", position: "any", face: "up" } as const;

/** Cards using the effect language v2 kinds beyond conditions and scoring (triggers, zones, rush rules, sequencing). */
export const V2_CARDS: CardDef[] = [
  c("Discard Draw", ["red"], 3, ["Thing"], { trigger: "discarded", optional: false, actions: [{ type: "draw", count: 1, who: "you" }] }),
  c("Spare Guard", ["blue"], 2, ["Robot"], { trigger: "to-spare", optional: false, actions: [{ type: "protect", target: "self", from: ["copy-discard"] }] }),
  c("Score Bomb", ["gray"], 4, ["Robot"], { trigger: "score", optional: true, actions: [{ type: "discard", target: { owner: "opponent", ...ANY_UP, count: 1, rings: { of: "printed", op: "ge", value: 6 } } }] }),
  c("Victor", ["yellow"], 1, ["Animal"], { trigger: "battle-won", optional: false, actions: [{ type: "modify-rings", target: "self", add: 2 }] }),
  c("Sore Loser", ["blue"], 6, ["Animal"], { trigger: "battle-lost", optional: false, actions: [{ type: "discard", target: { owner: "opponent", ...ANY_UP, position: "same-column", count: 1 } }] }),
  c("Watcher", ["red"], 4, ["Human"], { trigger: "opposing-flip", optional: true, actions: [{ type: "return-to-hand", target: { owner: "opponent", row: "chaos", position: "same-column", face: "up", count: 1 } }] }),
  c("Spear", ["gray"], 3, ["Thing"], { trigger: "flip", optional: false, actions: [{ type: "turn-face-down", target: { owner: "opponent", ...ANY_UP, count: 1 } }] }),
  c("Mover", ["yellow"], 3, ["Robot"], { trigger: "flip", optional: true, actions: [{ type: "move", target: { owner: "any", ...ANY_UP, face: "any", count: 1 } }, { type: "swap", target: { owner: "you", ...ANY_UP, face: "any", count: 1 } }] }),
  c("Putter", ["blue"], 1, ["Thing"], { trigger: "flip", optional: false, actions: [{ type: "put", from: "hand" }, { type: "put", from: "deck" }, { type: "put", from: "discard" }] }),
  c("Recoverer", ["red"], 2, ["Thing"], { trigger: "discarded", optional: false, actions: [{ type: "recover", count: 2 }, { type: "return-to-hand", target: "self" }] }),
  c("Booster", ["blue"], 2, ["Thing"], { trigger: "flip", optional: false, actions: [{ type: "next-flip", who: "you" }, { type: "rush-rule", rule: "ignore-column-rule", until: "rush" }] }),
  c("Reverser", ["red"], 3, ["Thing"], { trigger: "flip", optional: false, actions: [{ type: "rush-rule", rule: "lower-discarded", until: "turn" }] }),
  c("Shield", ["yellow"], 4, ["Thing"], { trigger: "opposing-flip", optional: false, actions: [{ type: "rush-rule", rule: "no-copy-discards", until: "rush" }, { type: "next-flip", who: "opponent" }] }),
  c("Omni", ["gray"], 1, ["Robot"], { trigger: "flip", optional: false, actions: [{ type: "rush-rule", rule: "any-color", until: "field" }] }),
  c("Dasher", ["blue"], 3, ["Place"], { trigger: "flip", optional: true, actions: [{ type: "flip-up", withEffect: false, asRush: true, target: { owner: "any", row: "chaos", position: "any", face: "down", count: 1 } }] }),
  c("Avenger", ["red"], 5, ["Animal"], { trigger: "battle-lost", optional: false, actions: [{ type: "discard", target: { owner: "opponent", row: "any", position: "battled", face: "up", count: "all" } }] }),
  c("Wave", ["yellow"], 3, ["Animal"], { trigger: "flip", optional: false, actions: [{ type: "return-to-hand", target: { owner: "opponent", row: "any", position: "any", face: "up", count: 1, rings: { of: "current", op: "lt", value: "opposing" } } }] }),
  c("Pickpocket", ["gray"], 2, ["Human"], { trigger: "flip", optional: false, actions: [{ type: "hand-discard", who: "opponent", count: 1, pick: "random" }, { type: "hand-discard", who: "opponent", count: 1, pick: "owner" }] }),
  // Sequencing and durations (v2).
  c("Bargainer", ["red"], 5, ["Robot"], { trigger: "flip", optional: true, actions: [{ type: "discard", cost: true, target: { owner: "you", ...ANY_UP, count: 1 } }, { type: "discard", target: { owner: "opponent", ...ANY_UP, position: "same-column", count: "all" } }] }),
  c("Trader", ["yellow"], 3, ["Place"], { trigger: "flip", optional: true, actions: [{ type: "hand-discard", who: "you", count: 1, pick: "owner" }, { type: "draw", count: 2, who: "you", ifDone: true }] }),
  c("Counter", ["blue"], 3, ["Robot"], { trigger: "flip", optional: false, actions: [{ type: "modify-rings", target: "self", add: 1, forEach: { cards: { owner: "you", where: "field", traits: ["Robot"] } }, until: "rush" }, { type: "protect", target: "self", from: ["battle-discard"], until: "turn" }] }),
  c("Saucer", ["gray"], 2, ["Thing"], { trigger: "flip", optional: false, actions: [{ type: "modify-rings", target: { owner: "opponent", ...ANY_UP, position: "same-column", count: 1 }, add: -2, until: "field" }, { type: "protect", target: { owner: "you", ...ANY_UP, count: 1 }, from: ["effects"], until: "field" }] }),
  c("Recycler", ["red"], 2, ["Thing"], { trigger: "flip", optional: false, actions: [{ type: "discard", target: { owner: "you", ...ANY_UP, count: 2 } }, { type: "draw", count: 1, who: "you", ifDone: true, forEach: { previous: true } }] }),
  c("Taxman", ["yellow"], 4, ["Human"], { trigger: "flip", optional: false, actions: [{ type: "emerald", who: "you", add: -1, cost: true }, { type: "emerald", who: "opponent", add: -1 }, { type: "draw", count: 1, who: "you", forEach: { emeralds: "opponent" } }] }),
  c("Hive", ["gray"], 2, ["Robot"], { trigger: "continuous", optional: false, actions: [{ type: "modify-rings", target: "self", add: 1, forEach: { cards: { owner: "you", where: "field", traits: ["Robot"] } } }] }),
  // Looking at hidden zones (v2, rules/seen.ts).
  c("Scout", ["yellow"], 2, ["Animal"], { trigger: "flip", optional: false, actions: [{ type: "look-deck", count: 3, order: "any-or-bottom" }, { type: "look-hand" }] }),
  c("Seer", ["red"], 4, ["Human"], { trigger: "to-spare", optional: false, actions: [{ type: "look-deck", count: 2, order: "any" }] }),
];

/** The {@link mixedDecks} with three cards in five replaced by v2 cards (every one of them in one deck or the other), for the property tests. */
export function v2Decks(): [CardDef[], CardDef[]] {
  const [a, b] = mixedDecks();
  const at = [1, 2, 4];
  const sub = (d: CardDef[], o: number): CardDef[] =>
    d.map((x, i) => {
      const k = at.indexOf(i % 5);
      return k < 0 ? x : V2_CARDS[(Math.floor(i / 5) * 3 + k + o) % V2_CARDS.length];
    });
  // Each deck holds 18 v2 cards: the first deck the first 18, the second the last 18, so every v2 card plays (up to 36 of them).
  return [sub(a, 0), sub(b, Math.max(0, V2_CARDS.length - 18))];
}

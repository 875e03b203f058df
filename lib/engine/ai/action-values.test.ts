import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { normalizeCard } from "../setup";
import { V2_CARDS } from "../test-fixtures";
import type { CardDef, CardInput } from "../types";
import { optionalValue } from "./action-values";
import { valuedInDetail } from "./value";

const ROOT = path.resolve(__dirname, "../../..");

/** The cards of a starter deck (data/starter-decks), resolved against the demo set. */
function starterCards(name: string): CardDef[] {
  const set = JSON.parse(readFileSync(path.join(ROOT, "data/demo-set.json"), "utf8")) as { set: { code: string }; cards: (CardInput & { number: number })[] };
  const deck = JSON.parse(readFileSync(path.join(ROOT, "data/starter-decks", `${name}.json`), "utf8")) as { cards: { set: string; number: number }[] };
  return deck.cards.map((e) => normalizeCard(set.cards.find((c) => c.number === e.number) as CardInput));
}

const byTitle = (t: string): CardDef => normalizeCard(V2_CARDS.find((c) => c.title === t) as CardInput);

describe("the heuristic's valuation table", () => {
  it("values no starter deck card in detail: they get the flat bonus for an effect", () => {
    for (const d of ["chaotix-mix", "eggman-empire", "team-sonic-speed"]) expect(starterCards(d).filter(valuedInDetail).map((c) => c.title)).toEqual([]);
  });

  it("values in detail what needs it: a trigger, an action type or a selector that the flat bonus cannot see", () => {
    // Triggers other than when flipped / while face up.
    expect(valuedInDetail(byTitle("Discard Draw"))).toBe(true);
    // Action types: turn face down, put, rush rules; a rush flip; a "battled" selector (with its trigger).
    for (const t of ["Spear", "Putter", "Reverser", "Dasher", "Avenger", "Pickpocket", "Scout"]) expect([t, valuedInDetail(byTitle(t))]).toEqual([t, true]);
    // A selector comparing with the opposing card.
    expect(valuedInDetail(byTitle("Wave"))).toBe(true);
    // Ring modifiers and protections of this card, a removal with the usual selectors: the flat bonus.
    for (const t of ["Counter", "Saucer", "Recycler", "Bargainer", "Hive"]) expect([t, valuedInDetail(byTitle(t))]).toEqual([t, false]);
  });

  it('sums each action\'s vote for a "you may"', () => {
    // Discarding an opposing card (+1), the opponent drawing (−1), an emerald gained (+3).
    expect(optionalValue([{ type: "discard", target: { owner: "opponent", row: "any", position: "any", face: "up", count: 1 } }])).toBe(1);
    expect(optionalValue([{ type: "return-to-hand", target: "self" }, { type: "draw", count: 1, who: "opponent" }])).toBe(-2);
    expect(optionalValue([{ type: "emerald", add: 1, who: "you" }, { type: "look-hand" }])).toBe(3);
  });
});

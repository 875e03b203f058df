import { describe, expect, it } from "vitest";
import { deckCardsOf } from "./records";

const sonic = { title: "Sonic the Hedgehog", colors: ["blue"], rings: 3, traits: ["Hero"], effect: null, key: "DEMO-001", text: "When flipped: draw a card." };
const tails = { title: "Tails", colors: ["yellow"], rings: 2, traits: ["Hero"], effect: null, key: "DEMO-002", text: "" };

describe("deckCardsOf", () => {
  it("gives every game that holds the same card definition one object", () => {
    const a = deckCardsOf(JSON.stringify([sonic, tails, sonic]));
    const b = deckCardsOf(JSON.stringify([tails, sonic]));
    expect(a).toEqual([sonic, tails, sonic]);
    expect(b).toEqual([tails, sonic]);
    expect(a[0]).toBe(a[2]);
    expect(b[1]).toBe(a[0]);
    expect(b[0]).toBe(a[1]);
    // each deck is its own array: a game's deck list is never another's
    expect(a).not.toBe(b);
  });

  it("keeps definitions that differ in anything apart (an edited card in an older game stays as that game stored it)", () => {
    const edited = { ...sonic, rings: 4 };
    const [before] = deckCardsOf(JSON.stringify([sonic]));
    const [after] = deckCardsOf(JSON.stringify([edited]));
    expect(after).not.toBe(before);
    expect(after.rings).toBe(4);
    expect(before.rings).toBe(3);
  });

  it("freezes a shared definition outside production: a change to it fails where it is made", () => {
    const [card] = deckCardsOf(JSON.stringify([{ ...tails, effect: { trigger: "flip", actions: [{ type: "draw", count: 1 }] } }]));
    expect(Object.isFrozen(card)).toBe(true);
    expect(() => {
      (card as { rings: number }).rings = 9;
    }).toThrow(TypeError);
    expect(() => {
      ((card.effect as unknown as { actions: unknown[] }).actions).push({ type: "discard" });
    }).toThrow(TypeError);
  });

  it("reads an empty deck", () => {
    expect(deckCardsOf("[]")).toEqual([]);
  });
});

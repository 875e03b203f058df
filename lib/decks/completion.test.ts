import { describe, expect, it } from "vitest";
import { missingLines, proposeReplacements, tradeBinderRows, wantListRows, type CompletionCard } from "./completion";

let n = 0;
const card = (title: string, colors: CompletionCard["colors"], rings: number, traits: string[] = []): CompletionCard => {
  n++;
  return { id: `c${n}`, key: `DEMO-${String(n).padStart(3, "0")}`, set: "DEMO", number: n, title, colors, rings, traits };
};

describe("completing a deck from a collection", () => {
  const sonic = card("Sonic", ["blue"], 5, ["Animal"]);
  const tails = card("Tails", ["yellow"], 3, ["Animal"]);
  const blue5 = card("Blue Five", ["blue"], 5, ["Animal"]);
  const blue6 = card("Blue Six", ["blue"], 6, ["Robot"]);
  const red5 = card("Red Five", ["red"], 5, ["Animal"]);
  const full = card("Crowded", ["blue"], 5, ["Animal"]);

  it("lists what is missing as a want list", () => {
    const lines = [
      { card: sonic, quantity: 3, owned: 1 },
      { card: tails, quantity: 2, owned: 2 },
    ];
    expect(missingLines(lines)).toEqual([{ card: sonic, missing: 2 }]);
    expect(wantListRows(missingLines(lines))).toEqual([{ set: "DEMO", number: sonic.number, title: "Sonic", quantity: 2 }]);
  });

  it("proposes owned stand-ins: same colour and rings first, then the closest", () => {
    const lines = [
      { card: sonic, quantity: 3, owned: 1 },
      { card: full, quantity: 5, owned: 5 },
    ];
    const owned = [
      { card: red5, owned: 2 },
      { card: blue6, owned: 1 },
      { card: blue5, owned: 4 },
      { card: sonic, owned: 1 }, // the same card: never its own stand-in
      { card: full, owned: 9 }, // its title already has 5 copies in the deck
    ];
    const [r] = proposeReplacements(lines, owned);
    expect(r.line.missing).toBe(2);
    expect(r.options.map((o) => o.card.title)).toEqual(["Blue Five", "Blue Six", "Red Five"]);
    expect(r.options[0].exact).toBe(true);
    expect(r.options[1].exact).toBe(false);
  });

  it("offers only copies the deck does not already use", () => {
    const lines = [
      { card: sonic, quantity: 2, owned: 0 },
      { card: blue5, quantity: 2, owned: 2 },
    ];
    const [r] = proposeReplacements(lines, [{ card: blue5, owned: 2 }]);
    expect(r.options).toEqual([]);
  });

  it("puts copies beyond five per title in the trade binder, keeping five spread over printings", () => {
    const rows = [
      { set: "DEMO", number: 1, title: "Sonic", quantity: 6 },
      { set: "PROMO", number: 9, title: "sonic", quantity: 2 },
      { set: "DEMO", number: 2, title: "Tails", quantity: 5 },
      { set: "DEMO", number: 3, title: "Amy", quantity: 0 },
    ];
    expect(tradeBinderRows(rows)).toEqual([{ set: "DEMO", number: 1, title: "Sonic", quantity: 3 }]);
    expect(tradeBinderRows([{ set: "DEMO", number: 1, title: "Sonic", quantity: 4 }, { set: "DEMO", number: 5, title: "Sonic", quantity: 4 }])).toEqual([
      { set: "DEMO", number: 1, title: "Sonic", quantity: 2 },
      { set: "DEMO", number: 5, title: "Sonic", quantity: 1 },
    ]);
  });
});

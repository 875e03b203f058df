import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildCatalogIndex } from "./catalog-index";
import { MAX_DECK_TEXT_LINES, formatDeckText, parseDeckText } from "./text-format";
import { formatDeckJson, parseDeckJson } from "./json-format";
import { canonicalDeckList, decodeDeckCode, encodeDeckCode, tryDecodeDeckCode } from "./deck-code";
import { diffDeckLists, formatDeckDiff } from "./diff";
import { demoCatalog } from "./test-catalog";

const index = buildCatalogIndex(demoCatalog);

describe("parseDeckText", () => {
  it("reads keyed lines, title-only lines, 5x quantities, blank lines and comments", () => {
    const r = parseDeckText("# My deck\n\n5 Sonic the Hedgehog [DEMO-001]\n  \n3x Tails [demo-52]\n2 Chris Thorndyke\n// note\n1 [DEMO-030]\n", index);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.cards.map((c) => [c.card.key, c.quantity])).toEqual([
      ["DEMO-001", 5],
      ["DEMO-052", 3],
      ["DEMO-011", 2],
      ["DEMO-030", 1],
    ]);
  });

  it("takes a '# Name' line before the first card as the deck's name, as formatDeckText writes it", () => {
    const r = parseDeckText("# My deck\n\n5 Sonic the Hedgehog [DEMO-001]\n# not a name: after a card\n", index);
    expect(r).toMatchObject({ ok: true, name: "My deck" });
    const round = parseDeckText(formatDeckText([{ key: "DEMO-001", title: "Sonic the Hedgehog", quantity: 2 }], "Blue rush"), index);
    expect(round).toMatchObject({ ok: true, name: "Blue rush" });
    expect(parseDeckText("5 Sonic the Hedgehog [DEMO-001]\n# late comment", index)).not.toHaveProperty("name");
  });

  it("adds up repeated lines of the same printing", () => {
    const r = parseDeckText("2 Tails [DEMO-002]\n3 Tails [DEMO-002]", index);
    expect(r.ok && r.cards).toEqual([{ card: index.byKey.get("DEMO-002"), quantity: 5 }]);
  });

  it("names an unknown card with its line", () => {
    const r = parseDeckText("2 Tails [DEMO-002]\n3 Big Chungus\n1 Sonic [DEMO-999]", index);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      { line: 2, message: 'Line 2: no card titled "Big Chungus".' },
      { line: 3, message: "Line 3: no card DEMO-999 in the catalog." },
    ]);
    expect(r.message).toBe("2 lines have a problem; nothing was imported.");
  });

  it("names the candidates of an ambiguous title", () => {
    const r = parseDeckText("3 Tails", index);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0].message).toBe('Line 1: "Tails" has 2 printings: DEMO-002 (yellow 3 rings), DEMO-052 (blue 3 rings). Add one key, e.g. "3 Tails [DEMO-002]".');
  });

  it("rejects a key whose title disagrees", () => {
    const r = parseDeckText("3 Tails [DEMO-001]", index);
    expect(!r.ok && r.errors[0].message).toBe('Line 1: DEMO-001 is "Sonic the Hedgehog", not "Tails".');
  });

  it("rejects bad quantities clearly", () => {
    const r = parseDeckText("0 Tails [DEMO-002]\n-2 Tails [DEMO-002]\nthree Tails [DEMO-002]\n100 Tails [DEMO-002]\n2.5 Tails [DEMO-002]\nTails", index);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.line)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.errors[0].message).toBe("Line 1: quantity 0 is out of range; use a whole number from 1 to 99.");
    expect(r.errors[2].message).toContain('"three" is not a quantity');
    expect(r.errors[5].message).toContain("needs a quantity and a card");
  });

  it("rejects a text with nothing in it", () => {
    expect(parseDeckText("\n\n  \n# only a comment", index)).toEqual({ ok: false, errors: [], message: "The deck text lists no cards." });
  });

  it("refuses 10,000 lines with a clear error, quickly", () => {
    const text = Array.from({ length: 10_000 }, () => "1 Ring").join("\n");
    const r = parseDeckText(text, index);
    expect(r).toEqual({ ok: false, errors: [], message: `The deck text has 10,000 lines; at most ${MAX_DECK_TEXT_LINES.toLocaleString("en")} are accepted.` });
    const long = Array.from({ length: 10_000 }, () => "1 Sonic the Hedgehog [DEMO-001]").join("\n");
    expect(parseDeckText(long, index)).toMatchObject({ ok: false, message: expect.stringContaining("characters long; at most 100,000") });
  });

  it("caps the error list on a long bad text", () => {
    const text = Array.from({ length: 1_000 }, (_, i) => `1 Nope ${i}`).join("\n");
    const r = parseDeckText(text, index);
    expect(!r.ok && r.errors.length).toBe(200);
    expect(!r.ok && r.message).toBe("1000 lines have a problem (first 200 shown); nothing was imported.");
  });

  it("round-trips through formatDeckText", () => {
    const cards = [
      { key: "DEMO-053", title: "Sonic the Hedgehog", quantity: 2 },
      { key: "DEMO-002", title: "Tails", quantity: 4 },
    ];
    const text = formatDeckText(cards, "Test deck");
    expect(text).toBe("# Test deck\n2 Tails [DEMO-002]\n2 Sonic the Hedgehog [DEMO-053]\n".replace("2 Tails", "4 Tails"));
    const r = parseDeckText(text, index);
    expect(r.ok && r.cards.map((c) => [c.card.key, c.quantity])).toEqual([["DEMO-002", 4], ["DEMO-053", 2]]);
  });
});

describe("deck JSON", () => {
  it("round-trips and accepts the starter deck files", () => {
    const json = formatDeckJson({ name: "X", description: "d", cards: [{ set: "DEMO", number: 3, title: "Knuckles the Echidna", quantity: 2 }] });
    const r = parseDeckJson(json, index);
    expect(r.ok && r.cards.map((c) => [c.card.key, c.quantity])).toEqual([["DEMO-003", 2]]);
    const dir = path.resolve(__dirname, "../../data/starter-decks");
    for (const f of readdirSync(dir)) expect(parseDeckJson(readFileSync(path.join(dir, f), "utf8"), index).ok).toBe(true);
  });
  it("explains what is wrong", () => {
    expect(parseDeckJson("{nope", index)).toMatchObject({ ok: false, message: expect.stringContaining("not valid JSON") });
    const r = parseDeckJson(JSON.stringify({ name: "X", cards: [{ set: "DEMO", number: 1, quantity: 0 }] }), index);
    expect(!r.ok && r.errors[0].message).toMatch(/^cards\[0\]\.quantity:/);
    const u = parseDeckJson(JSON.stringify({ name: "X", cards: [{ set: "DEMO", number: 500, quantity: 1 }] }), index);
    expect(!u.ok && u.errors[0].message).toBe("cards[0]: no card DEMO-500 in the catalog.");
  });
});

describe("deck codes", () => {
  it("round-trip every starter deck exactly", () => {
    const dir = path.resolve(__dirname, "../../data/starter-decks");
    for (const f of readdirSync(dir)) {
      const deck = JSON.parse(readFileSync(path.join(dir, f), "utf8")) as { cards: { set: string; number: number; quantity: number }[] };
      const code = encodeDeckCode(deck.cards);
      expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(code.length).toBeLessThan(60);
      expect(decodeDeckCode(code)).toEqual(canonicalDeckList(deck.cards));
    }
  });

  it("round-trip random decks (property)", () => {
    const entry = fc.record({
      set: fc.stringMatching(/^[A-Z0-9]{1,8}$/),
      number: fc.integer({ min: 1, max: 100_000 }),
      quantity: fc.integer({ min: 1, max: 99 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 80 }), (entries) => {
        const canon = canonicalDeckList(entries);
        fc.pre(canon.every((e) => e.quantity <= 99));
        const code = encodeDeckCode(entries);
        expect(decodeDeckCode(code)).toEqual(canon);
        expect(encodeDeckCode(canon)).toBe(code);
      }),
      { numRuns: 300 },
    );
  });

  it("reject malformed codes with a reason", () => {
    const good = encodeDeckCode([{ set: "DEMO", number: 1, quantity: 3 }]);
    for (const bad of ["", "!!!", good.slice(0, -2), good + "AAAA", "AgAA", "A"]) {
      const r = tryDecodeDeckCode(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message.length).toBeGreaterThan(10);
    }
    expect(tryDecodeDeckCode("Ag")).toMatchObject({ ok: false, message: expect.stringContaining("version 2") });
    expect(() => encodeDeckCode([])).toThrow("empty deck");
    expect(() => encodeDeckCode([{ set: "DEMO", number: 1, quantity: 100 }])).toThrow("Quantity 100");
  });

  it("random strings never crash the decoder", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{0,40}$/), (s) => {
        const r = tryDecodeDeckCode(s);
        if (r.ok) expect(encodeDeckCode(r.entries)).toBe(s);
      }),
      { numRuns: 500 },
    );
  });
});

describe("diff", () => {
  it("lists per-printing changes", () => {
    const names: Record<string, { key: string; title: string }> = { a: { key: "DEMO-001", title: "Sonic" }, b: { key: "DEMO-030", title: "Egg Pawn" }, c: { key: "DEMO-002", title: "Tails" } };
    const d = diffDeckLists([{ cardId: "a", quantity: 1 }, { cardId: "b", quantity: 3 }, { cardId: "c", quantity: 2 }], [{ cardId: "a", quantity: 3 }, { cardId: "b", quantity: 2 }, { cardId: "c", quantity: 2 }], (id) => names[id]);
    expect(formatDeckDiff(d)).toBe("−1 Egg Pawn, +2 Sonic");
    expect(formatDeckDiff([])).toBe("no card changes");
    expect(formatDeckDiff([{ cardId: "x", key: "DEMO-030", title: "Egg Pawn", delta: 3 }, { cardId: "y", key: "DEMO-055", title: "Egg Pawn", delta: -1 }])).toBe("+3 Egg Pawn [DEMO-030], −1 Egg Pawn [DEMO-055]");
  });
});

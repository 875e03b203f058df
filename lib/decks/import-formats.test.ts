import { describe, expect, it } from "vitest";
import { buildCatalogIndex } from "./catalog-index";
import { detectDeckFormat, parseDeckImport } from "./import-formats";
import { closestTitles } from "./deck-lines";
import { demoCatalog } from "./test-catalog";

const index = buildCatalogIndex(demoCatalog);
const keys = (r: ReturnType<typeof parseDeckImport>) => (r.ok ? r.cards.map((c) => [c.card.key, c.quantity]) : r.errors.map((e) => e.message));

const MOXFIELD = `"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags","Last Modified","Collector Number","Alter","Proxy","Purchase Price"
"4","0","Sonic the Hedgehog","demo","Near Mint","English","","","2026-11-01 10:00:00.000000","1","False","False",""
"3","0","Tails","demo","Near Mint","English","","","2026-11-01 10:00:00.000000","52","False","False",""
"2","0","Chris Thorndyke","","Near Mint","English","","","2026-11-01 10:00:00.000000","","False","False",""`;

const ARCHIDEKT = `Quantity,Name,Edition Code,Collector Number,Category
4,Sonic the Hedgehog,DEMO,1,Main
3,Tails,DEMO,52,Main
2,Chris Thorndyke,,,Main`;

const COD = `<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1">
  <deckname>Blue &amp; fast</deckname>
  <comments>From Cockatrice</comments>
  <zone name="main">
    <card number="4" name="Cream the Rabbit"/>
    <card number="2" name="Chris Thorndyke"/>
  </zone>
  <zone name="side">
    <card number="1" name="Tails"/>
  </zone>
</cockatrice_deck>`;

describe("detectDeckFormat", () => {
  it("tells every supported format apart by its content", () => {
    expect(detectDeckFormat("5 Sonic the Hedgehog [DEMO-001]\n2 Chris Thorndyke")).toBe("text");
    expect(detectDeckFormat("Deck\n4 Sonic the Hedgehog (DEMO) 1\n3 Tails (DEMO) 52\n")).toBe("set-number");
    expect(detectDeckFormat('{"name":"x","cards":[]}')).toBe("json");
    expect(detectDeckFormat(MOXFIELD)).toBe("moxfield-csv");
    expect(detectDeckFormat(ARCHIDEKT)).toBe("archidekt-csv");
    expect(detectDeckFormat(COD)).toBe("cockatrice");
    expect(detectDeckFormat("\uFEFF" + ARCHIDEKT)).toBe("archidekt-csv");
    // a comma inside a title is not a CSV header
    expect(detectDeckFormat("2 Sonic, the Hedgehog")).toBe("text");
  });
});

describe("parseDeckImport", () => {
  const expected = [
    ["DEMO-001", 4],
    ["DEMO-052", 3],
    ["DEMO-011", 2],
  ];

  it("reads “N Title (SET) NUMBER” lines, skipping a “Deck” header", () => {
    const r = parseDeckImport("Deck\n4 Sonic the Hedgehog (DEMO) 1\n3 Tails (demo) 52\n2 Chris Thorndyke\n", index);
    expect(r.format).toBe("set-number");
    expect(keys(r)).toEqual(expected);
  });

  it("reads a Moxfield CSV export and an Archidekt-style one, by set and number where given, else by title", () => {
    expect(parseDeckImport(MOXFIELD, index)).toMatchObject({ ok: true, format: "moxfield-csv" });
    expect(keys(parseDeckImport(MOXFIELD, index))).toEqual(expected);
    expect(keys(parseDeckImport(ARCHIDEKT, index))).toEqual(expected);
  });

  it("reads a Cockatrice deck: its name, comments and main zone only", () => {
    const r = parseDeckImport(COD, index);
    expect(r).toMatchObject({ ok: true, format: "cockatrice", name: "Blue & fast", description: "From Cockatrice" });
    expect(keys(r)).toEqual([
      ["DEMO-005", 4],
      ["DEMO-011", 2],
    ]);
  });

  it("refuses a Cockatrice file with a DOCTYPE (no entity expansion), and XML that is not a deck", () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><cockatrice_deck><zone name="main"><card number="1" name="&lol2;"/></zone></cockatrice_deck>`;
    expect(parseDeckImport(bomb, index)).toMatchObject({ ok: false, errors: [{ message: expect.stringContaining("DOCTYPE") }] });
    expect(parseDeckImport("<html><body>hi</body></html>", index)).toMatchObject({ ok: false, errors: [{ message: expect.stringContaining("not a Cockatrice deck") }] });
    expect(parseDeckImport("<cockatrice_deck><zone", index)).toMatchObject({ ok: false, format: "cockatrice" });
  });

  it("lists every unmatched line of any format with its line and the closest names, and imports nothing", () => {
    const csv = "Quantity,Name\n4,Sonc the Hedgehog\n3,Tails\n2,Zzzzzz Qqqqq\n1,Chris Thorndike";
    const r = parseDeckImport(csv, index);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.line)).toEqual([2, 3, 4, 5]);
    expect(r.errors[0].message).toMatch(/^Line 2: no card titled "Sonc the Hedgehog"\. Closest names: Sonic the Hedgehog(, |\.)/);
    expect(r.errors[1].message).toContain('"Tails" has 2 printings');
    expect(r.errors[2].message).toBe('Line 4: no card titled "Zzzzzz Qqqqq".');
    expect(r.errors[3].message).toContain("Closest names: Chris Thorndyke");
    expect(r.message).toBe("4 lines have a problem; nothing was imported.");
  });

  it("an explicit format is used as chosen, not detected", () => {
    expect(parseDeckImport(ARCHIDEKT, index, "text")).toMatchObject({ ok: false, format: "text" });
  });
});

describe("closestTitles", () => {
  it("finds misspellings and partial titles, nearest first, and nothing for a far-off name", () => {
    expect(closestTitles("sonic the hedgehgo", index)[0]).toBe("Sonic the Hedgehog");
    expect(closestTitles("Thorndyke", index).length).toBe(0);
    expect(closestTitles("qwertyuiop", index)).toEqual([]);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { buildCatalogIndex } from "./catalog-index";
import { cockatriceCardName, formatDeckCockatrice, parseCockatriceCardName } from "./cockatrice-format";
import { parseDeckImport } from "./import-formats";
import { demoCatalog } from "./test-catalog";

const index = buildCatalogIndex(demoCatalog);
const schema = (file: string) => ({ fileName: file, contents: readFileSync(path.resolve(__dirname, "../../data/schemas", file), "utf8") });
const entry = (key: string, quantity: number) => {
  const c = demoCatalog.find((d) => d.key === key)!;
  return { title: c.title, key: c.key, set: c.set, number: c.number, quantity };
};

/** A deck with a title that names two different cards (DEMO-002 and DEMO-052 are both "Tails"). */
const deck = {
  name: `Blue & <fast> "deck"`,
  description: "Line one\nLine two & more\u0007",
  cards: [entry("DEMO-001", 4), entry("DEMO-002", 3), entry("DEMO-052", 2), entry("DEMO-030", 1)],
};

describe("Cockatrice .cod export", () => {
  it("names each card by title and key, and reads the name back", () => {
    expect(cockatriceCardName({ title: "Tails", key: "DEMO-052" })).toBe("Tails (DEMO-052)");
    expect(parseCockatriceCardName("Tails (DEMO-052)")).toEqual({ title: "Tails", set: "DEMO", number: "52" });
    expect(parseCockatriceCardName("Tails")).toBeNull();
  });

  it("round-trips through the importer: the same name, description and cards, printings included", () => {
    const cod = formatDeckCockatrice(deck);
    const back = parseDeckImport(cod, index);
    expect(back).toMatchObject({ ok: true, format: "cockatrice", name: deck.name, description: "Line one\nLine two & more" });
    if (!back.ok) throw new Error("import failed");
    expect(back.cards.map((c) => [c.card.key, c.quantity])).toEqual(deck.cards.map((c) => [c.key, c.quantity]));
  });

  it("an older Cockatrice file naming the card only by its Cockatrice name still finds the printing", () => {
    const cod = `<cockatrice_deck version="1"><deckname>x</deckname><comments/><zone name="main"><card number="2" name="Tails (DEMO-052)"/></zone></cockatrice_deck>`;
    const back = parseDeckImport(cod, index);
    expect(back.ok && back.cards.map((c) => [c.card.key, c.quantity])).toEqual([["DEMO-052", 2]]);
  });

  it("validates against the deck schema (xmllint), and a broken file does not", async () => {
    const cod = formatDeckCockatrice(deck);
    const ok = await validateXML({ xml: [{ fileName: "deck.cod", contents: cod }], schema: [schema("cockatrice-deck.xsd")] });
    expect(ok.errors).toEqual([]);
    expect(ok.valid).toBe(true);
    const broken = cod.replace('number="4"', 'number="four"');
    const bad = await validateXML({ xml: [{ fileName: "deck.cod", contents: broken }], schema: [schema("cockatrice-deck.xsd")] });
    expect(bad.valid).toBe(false);
  });

  it.runIf(process.env.COCKATRICE_XSD_DIR)("validates against Cockatrice's own deck.xsd, less the printing attributes it predates", async () => {
    const cod = formatDeckCockatrice(deck).replace(/ (setShortName|collectorNumber)="[^"]*"/g, "");
    const xsd = readFileSync(path.join(process.env.COCKATRICE_XSD_DIR!, "deck.xsd"), "utf8");
    const r = await validateXML({ xml: [{ fileName: "deck.cod", contents: cod }], schema: [{ fileName: "deck.xsd", contents: xsd }] });
    expect(r.errors).toEqual([]);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { XMLParser } from "fast-xml-parser";
import { validateXML } from "xmllint-wasm";
import demo from "@/data/demo-set.json";
import type { CardDTO } from "@/lib/catalog/card-types";
import type { Color } from "@/lib/catalog/colors";
import { cardKey } from "@/lib/catalog/keys";
import { buildCatalogIndex, formatDeckCockatrice } from "@/lib/decks";
import { parseDeckImport } from "@/lib/decks/import-formats";
import { demoCatalog } from "@/lib/decks/test-catalog";
import { cockatriceCardDatabase } from "./cockatrice";

const cards: CardDTO[] = demo.cards.map((c) => ({
  id: `id-${c.number}`,
  set: demo.set.code,
  setName: demo.set.name,
  unofficial: true,
  number: c.number,
  key: cardKey(demo.set.code, c.number),
  title: c.title,
  traits: c.traits,
  colors: c.colors as Color[],
  rings: c.rings,
  rarity: c.rarity,
  text: c.text,
  effect: null,
  imageUrl: c.number === 1 ? "/card-images/sonic.png" : null,
}));
const xml = cockatriceCardDatabase("https://ringbinder.test", cards, new Date("2026-12-01T10:00:00Z"));
const ours = { fileName: "cockatrice-cards-v4.xsd", contents: readFileSync(path.resolve(__dirname, "../../data/schemas/cockatrice-cards-v4.xsd"), "utf8") };

type Card = { name: string; text: string; prop: Record<string, string>; set: { "#text": string; "@_num": string; "@_rarity": string; "@_picurl"?: string } };
const parsed = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === "card" || name === "set" }).parse(xml) as {
  cockatrice_carddatabase: { "@_version": string; sets: { set: { name: string; longname: string; settype: string }[] }; cards: { card: (Omit<Card, "set"> & { set: Card["set"][] })[] } };
};

describe("the Cockatrice card database", () => {
  it("validates against the version 4 schema (xmllint), and a broken one does not", async () => {
    const ok = await validateXML({ xml: [{ fileName: "cards.xml", contents: xml }], schema: [ours] });
    expect(ok.errors).toEqual([]);
    const bad = await validateXML({ xml: [{ fileName: "cards.xml", contents: xml.replace("<cmc>5</cmc>", "<cmc>five</cmc>") }], schema: [ours] });
    expect(bad.valid).toBe(false);
    const twice = xml.replace("<name>Tails (DEMO-052)</name>", "<name>Tails (DEMO-002)</name>");
    expect((await validateXML({ xml: [{ fileName: "cards.xml", contents: twice }], schema: [ours] })).valid).toBe(false);
  });

  it.runIf(process.env.COCKATRICE_XSD_DIR)("validates against Cockatrice's own carddatabase_v4 cards.xsd", async () => {
    const xsd = readFileSync(path.join(process.env.COCKATRICE_XSD_DIR!, "cards.xsd"), "utf8");
    const r = await validateXML({ xml: [{ fileName: "cards.xml", contents: xml }], schema: [{ fileName: "cards.xsd", contents: xsd }] });
    expect(r.errors).toEqual([]);
  });

  it("maps the Sonic X fields: rings as cost, colours as letters, traits as type, text, one set a printing", () => {
    const db = parsed.cockatrice_carddatabase;
    expect(db["@_version"]).toBe("4");
    expect(db.sets.set).toEqual([{ name: "DEMO", longname: demo.set.name, settype: "Custom" }]);
    expect(db.cards.card).toHaveLength(cards.length);
    const sonic = db.cards.card.find((c) => c.name === "Sonic the Hedgehog (DEMO-001)")!;
    expect(sonic.prop).toMatchObject({ manacost: "5", cmc: "5", colors: "U", coloridentity: "U", type: "Animal", maintype: "Animal" });
    expect(sonic.set[0]).toMatchObject({ "#text": "DEMO", "@_num": "1", "@_rarity": "rare", "@_picurl": "https://ringbinder.test/card-images/sonic.png" });
    const withText = cards.find((c) => c.text)!;
    expect(db.cards.card.find((c) => c.name.endsWith(`(${withText.key})`))!.text).toBe(withText.text);
    const names = db.cards.card.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("a deck exported as .cod names its cards as the database does, and imports back", () => {
    const names = new Set(parsed.cockatrice_carddatabase.cards.card.map((c) => c.name));
    const picked = demoCatalog.slice(0, 6).map((c, i) => ({ title: c.title, key: c.key, set: c.set, number: c.number, quantity: (i % 4) + 1 }));
    const cod = formatDeckCockatrice({ name: "Six", description: "", cards: picked });
    for (const m of cod.matchAll(/<card number="\d+" name="([^"]+)"/g)) expect(names.has(m[1].replace(/&amp;/g, "&"))).toBe(true);
    const back = parseDeckImport(cod, buildCatalogIndex(demoCatalog));
    expect(back.ok && back.cards.map((c) => [c.card.key, c.quantity])).toEqual(picked.map((c) => [c.key, c.quantity]));
  });

  it("the same catalog gives the same bytes", () => {
    expect(cockatriceCardDatabase("https://ringbinder.test", cards, new Date("2026-12-01T10:00:00Z"))).toBe(xml);
  });
});

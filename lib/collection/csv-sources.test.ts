import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCollectionCsv } from "@/lib/collection/transfer";
import { mapCsvHeader } from "@/lib/collection/csv-sources";
import { closestPrintings, printingIndex, withClosest } from "@/lib/collection/closest";

const sample = (name: string) => readFileSync(path.join(__dirname, "samples", name), "utf8");

function parsed(name: string) {
  const r = parseCollectionCsv(sample(name));
  if (!r.ok) throw new Error(r.message);
  return r;
}

describe("collection CSV dialects", () => {
  it("reads a Deckbox export: Count, Name, Edition (a set name) and Card Number", () => {
    const r = parsed("deckbox.csv");
    expect(r.source).toEqual({ id: "deckbox", label: "Deckbox CSV" });
    expect(r.errors).toEqual([]);
    expect(r.rows).toMatchObject([
      { row: 2, set: "", setName: "Ringbinder Demo Set (unofficial)", number: 1, title: "Sonic the Hedgehog", quantity: 3, details: { condition: "NM", language: "English", printing: "" } },
      { row: 3, set: "", setName: "Ringbinder Demo Set (unofficial)", number: 2, title: "Tails", quantity: 1, details: { condition: "LP", printing: "Foil", note: "first pull" } },
      { row: 4, set: "", setName: "Ringbinder Demo Set (unofficial)", number: 999, title: "Egg Pawn", quantity: 2 },
    ]);
  });

  it("reads a Dragon Shield export after its sep=, line, counting rows as the file does", () => {
    const r = parsed("dragon-shield.csv");
    expect(r.source.label).toBe("Dragon Shield CSV");
    expect(r.rows.map((x) => [x.row, x.set, x.number, x.title, x.quantity])).toEqual([
      [3, "DEMO", 3, "Knuckles the Echidna", 2],
      [4, "DEMO", 4, "Amy Rose", 1],
      [5, "DEMO", 2, "Tals", 1],
    ]);
    expect(r.rows[1]).toMatchObject({ binder: "Trade binder", details: { condition: "LP", printing: "Foil", language: "Japanese", priceCents: 200, purchasedOn: "2024-06-12" } });
  });

  it("reads a ManaBox export, upper-casing its lower-case set codes", () => {
    const r = parsed("manabox.csv");
    expect(r.source.label).toBe("ManaBox CSV");
    expect(r.rows.map((x) => [x.set, x.number, x.title, x.quantity])).toEqual([
      ["DEMO", 5, "Cream the Rabbit", 4],
      ["DEMO", 6, "Cheese the Chao", 1],
      ["DMEO", 6, "Cheese the Chao", 1],
    ]);
    expect(r.rows[1]).toMatchObject({ binder: "Main", details: { condition: "LP", language: "Japanese", printing: "Foil", priceCents: 110 } });
  });

  it("reads a TCGplayer export: Simple Name over Name, and 007/110 numbers", () => {
    const r = parsed("tcgplayer.csv");
    expect(r.source.label).toBe("TCGplayer CSV");
    expect(r.rows.map((x) => [x.set, x.number, x.title, x.quantity])).toEqual([
      ["DEMO", 7, "Big the Cat", 2],
      ["DEMO", 8, "Froggy", 1],
    ]);
    expect(r.rows[1].details).toMatchObject({ condition: "LP", printing: "Foil" });
  });

  it("keeps reading Ringbinder's own columns, and names a dialect's missing column", () => {
    expect(parsed("ringbinder-v1.csv").source.id).toBe("ringbinder");
    expect(parseCollectionCsv("Count,Tradelist Count,Name,Edition\n1,0,Tails,Demo\n")).toMatchObject({
      ok: false,
      code: "import/missing-columns",
      message: 'This looks like a Deckbox CSV file, but it has no "card number" column.',
    });
    expect(mapCsvHeader(["Quantity", "Name", "Simple Name", "Set", "Card Number"]).source.id).toBe("tcgplayer");
  });

  it("refuses a row that names no set at all", () => {
    const r = parseCollectionCsv("Count,Tradelist Count,Name,Edition,Card Number\n1,0,Tails,,2\n");
    expect(r).toMatchObject({ ok: true, rows: [], errors: [{ row: 2, code: "import/bad-set" }] });
  });
});

describe("per-copy columns", () => {
  it("an old file without them reads as before; a new one carries binder and details; a bad detail is a row error", () => {
    const old = parsed("ringbinder-v1.csv");
    expect(old.rows.every((r) => r.binder === undefined && r.details === undefined)).toBe(true);
    const r = parseCollectionCsv("set,number,title,quantity,binder,condition,language,printing,price,date,note\nDEMO,1,Sonic the Hedgehog,2,Trade binder,lp,ja,foil,$1.50,2024-06-12,from a friend\nDEMO,2,Tails,1,,,,,,,\nDEMO,3,,1,,Mint-ish,,,abc,2024-13-01,\n");
    if (!r.ok) throw new Error(r.message);
    expect(r.rows[0]).toMatchObject({ binder: "Trade binder", details: { condition: "LP", language: "Japanese", printing: "Foil", priceCents: 150, purchasedOn: "2024-06-12", note: "from a friend" } });
    expect(r.rows[1].binder).toBeUndefined();
    expect(r.rows[1].details).toBeUndefined();
    expect(r.errors.map((e) => [e.row, e.code])).toEqual([[4, "import/bad-detail"], [4, "import/bad-detail"], [4, "import/bad-detail"]]);
  });
});

describe("closest printings", () => {
  const index = printingIndex([
    { set: "DEMO", number: 2, title: "Tails", titleKey: "tails" },
    { set: "DEMO", number: 12, title: "Egg Pawn", titleKey: "egg pawn" },
    { set: "DEMO", number: 30, title: "Egg Pawn", titleKey: "egg pawn" },
    { set: "DEMO", number: 31, title: "Egg Chaser", titleKey: "egg chaser" },
  ]);
  it("offers the nearest titles, then the nearest numbers in the set", () => {
    expect(closestPrintings({ set: "DEMO", number: 999, title: "Egg Pawn" }, index)).toEqual(["DEMO-030 Egg Pawn", "DEMO-012 Egg Pawn"]);
    expect(closestPrintings({ set: "DEMO", number: 2, title: "Tals" }, index)).toEqual(["DEMO-002 Tails"]);
    expect(closestPrintings({ set: "DMEO", number: 13, title: null }, index)).toEqual(["DEMO-012 Egg Pawn", "DEMO-002 Tails", "DEMO-030 Egg Pawn"]);
    expect(closestPrintings({ set: "ZZZZZ", number: 1, title: "Qwxyz" }, index)).toEqual([]);
    expect(withClosest("No card DEMO-999 in the catalog.", ["DEMO-012 Egg Pawn"])).toBe("No card DEMO-999 in the catalog. Closest: DEMO-012 Egg Pawn.");
  });
});

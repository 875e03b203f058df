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
    expect(r.rows).toEqual([
      { row: 2, set: "", setName: "Ringbinder Demo Set (unofficial)", number: 1, title: "Sonic the Hedgehog", quantity: 3 },
      { row: 3, set: "", setName: "Ringbinder Demo Set (unofficial)", number: 2, title: "Tails", quantity: 1 },
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
  });

  it("reads a ManaBox export, upper-casing its lower-case set codes", () => {
    const r = parsed("manabox.csv");
    expect(r.source.label).toBe("ManaBox CSV");
    expect(r.rows.map((x) => [x.set, x.number, x.title, x.quantity])).toEqual([
      ["DEMO", 5, "Cream the Rabbit", 4],
      ["DEMO", 6, "Cheese the Chao", 1],
      ["DMEO", 6, "Cheese the Chao", 1],
    ]);
  });

  it("reads a TCGplayer export: Simple Name over Name, and 007/110 numbers", () => {
    const r = parsed("tcgplayer.csv");
    expect(r.source.label).toBe("TCGplayer CSV");
    expect(r.rows.map((x) => [x.set, x.number, x.title, x.quantity])).toEqual([
      ["DEMO", 7, "Big the Cat", 2],
      ["DEMO", 8, "Froggy", 1],
    ]);
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

import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { guardCell, toSafeCsv, unguardCell } from "@/lib/util/csv";
import { parseCatalogFile, toCsv } from "@/lib/catalog/io";
import { parseCollectionCsv, toCollectionCsv } from "@/lib/collection/transfer";

const HOSTILE = ['=HYPERLINK("http://evil.example","click")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)", "\tTabbed", "\rReturn"];

/** Every CSV export of the app, fed hostile text in each text column. */
const EXPORTS: Record<string, (text: string) => string> = {
  "toSafeCsv (the helper)": (text) => toSafeCsv(["a"], [[text]]),
  "catalog export (web and CLI)": (text) =>
    toCsv([{ set: "DEMO", number: 1, title: text, traits: [text], colors: ["blue"], rings: 3, rarity: "common", text, effect: null, imageUrl: null }]),
  "collection export": (text) => toCollectionCsv([{ set: "DEMO", number: 1, title: text, quantity: 2 }]),
};

describe("CSV exports are guarded against formula injection", () => {
  for (const [name, exportCsv] of Object.entries(EXPORTS)) {
    it.each(HOSTILE)(`${name}: no cell starts a formula (%j)`, (text) => {
      const rows = Papa.parse<string[]>(exportCsv(text), { skipEmptyLines: true }).data;
      for (const cell of rows.slice(1).flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      expect(rows.slice(1).flat()).toContain(`'${text}`);
    });
  }

  it("numbers and harmless text are written as they are, and the guard comes off on import", async () => {
    expect(guardCell(-3)).toBe(-3);
    expect(guardCell("Sonic")).toBe("Sonic");
    for (const text of HOSTILE) expect(unguardCell(String(guardCell(text)))).toBe(text);
    const catalog = await parseCatalogFile(EXPORTS["catalog export (web and CLI)"]("=1+1"), "csv");
    expect(catalog.ok && catalog.rows[0].raw.title).toBe("=1+1");
    const collection = parseCollectionCsv(EXPORTS["collection export"]("@Tails"));
    expect(collection.ok && collection.rows[0].title).toBe("@Tails");
  });
});

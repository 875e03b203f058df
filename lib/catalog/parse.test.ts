import { describe, expect, it } from "vitest";
import { CATALOG_COLUMNS, MAX_IMPORT_ROWS, parseCatalogFile } from "@/lib/catalog/io";

const HEADER = CATALOG_COLUMNS.join(",");
const row = (n: number, title = `Card ${n}`) => `BIG,${n},${title},Animal,blue,${n % 11},common,"discard, draw and flip.",`;

/** A CSV of `n` rows (well over one parse chunk), with `extra` lines put in at given positions. */
function csv(n: number, extra: Record<number, string> = {}): string {
  const lines = [HEADER];
  for (let i = 1; i <= n; i++) lines.push(extra[i] ?? row(i));
  return lines.join("\n");
}

describe("parseCatalogFile on large files", () => {
  it("lets the event loop run while it parses, and reads every row as one parse would", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const parsed = await parseCatalogFile(csv(20_000), "csv");
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
    expect(parsed.ok && parsed.rows.length).toBe(20_000);
    if (!parsed.ok) return;
    expect(parsed.rows[0]).toMatchObject({ line: 2, raw: { set: "BIG", number: "1", title: "Card 1", text: "discard, draw and flip." } });
    expect(parsed.rows[19_999]).toMatchObject({ line: 20_001, raw: { number: "20000", title: "Card 20000" } });
  });

  it("numbers a bad row over the whole file, and reads a quoted line break across chunks", async () => {
    const text = csv(6_000, {
      5_000: "BIG,5000,Too,many,fields,here,1,common,x,y,z",
      3_000: `BIG,3000,"Two\nlines",Animal,blue,1,common,,`,
      5_500: `BIG,5500,"unterminated,Animal,blue,1,common,d,`,
    });
    const parsed = await parseCatalogFile(text, "csv");
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows[2_999].raw.title).toBe("Two\nlines");
    // each error on the row that has it, in the first chunk and later ones
    const flagged = parsed.rows.filter((r) => r.raw.__csvErrors).map((r) => [r.line, r.raw.number, (r.raw.__csvErrors as string[]).join(" ")]);
    expect(flagged.map(([line, number]) => [line, number])).toEqual([
      [5_001, "5000"],
      [5_501, "5500"],
    ]);
  });

  it("refuses a file with more rows than an import takes", async () => {
    const parsed = await parseCatalogFile(csv(MAX_IMPORT_ROWS + 1), "csv");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.code).toBe("import/too-many-rows");
  });
});

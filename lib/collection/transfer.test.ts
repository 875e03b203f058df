import { describe, expect, it } from "vitest";
import {
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  checkImportSize,
  detectFormat,
  parseCollectionCsv,
  parseCollectionJson,
  toCollectionCsv,
  toCollectionJson,
  type ExportRow,
} from "@/lib/collection/transfer";

const rows: ExportRow[] = [
  { set: "DEMO", number: 12, title: "Egg Pawn", quantity: 3 },
  { set: "DEMO", number: 1, title: "Sonic the Hedgehog", quantity: 1 },
  { set: "DEMO", number: 7, title: '=HYPERLINK("x"), "quoted"', quantity: 9999 },
];

describe("collection CSV", () => {
  it("reads set, number, quantity and an optional title, with row numbers counting the header as row 1", () => {
    const r = parseCollectionCsv("Set,Number,Quantity\nDEMO,7,2\n\ndemo,012,1\n");
    expect(r).toEqual({
      ok: true,
      errors: [],
      source: { id: "ringbinder", label: "Ringbinder CSV" },
      rows: [
        { row: 2, set: "DEMO", number: 7, title: null, quantity: 2 },
        { row: 4, set: "DEMO", number: 12, title: null, quantity: 1 },
      ],
    });
  });

  it("reports every bad field with its row and keeps the good rows", () => {
    const r = parseCollectionCsv("set,number,title,quantity\nDEMO,1,Sonic,2\nDEMO,x,Tails,1\nDEMO,2,Tails,-1\nDEMO,3,Knuckles,1.5\nDEMO,4,Amy,\n!!,5,Cream,1\nDEMO,6\n");
    if (!r.ok) throw new Error(r.message);
    expect(r.rows.map((x) => x.row)).toEqual([2]);
    expect(r.errors.map((e) => [e.row, e.code])).toEqual([
      [3, "import/bad-number"],
      [4, "import/bad-quantity"],
      [5, "import/bad-quantity"],
      [6, "import/bad-quantity"],
      [7, "import/bad-set"],
      [8, "import/bad-row"],
    ]);
  });

  it("refuses a file without the required columns, an empty file and a header-only file", () => {
    expect(parseCollectionCsv("set,title\nDEMO,Sonic\n")).toMatchObject({ ok: false, code: "import/missing-columns" });
    expect(parseCollectionCsv("   \n")).toMatchObject({ ok: false, code: "import/empty" });
    expect(parseCollectionCsv("set,number,quantity\n")).toMatchObject({ ok: false, code: "import/empty" });
    expect(parseCollectionCsv('set,number,quantity\n"DEMO,1,2\n')).toMatchObject({ ok: false, code: "import/malformed" });
  });

  it("refuses files over the size and row limits with a clear message", () => {
    const big = "set,number,quantity\n" + "DEMO,1,1\n".repeat(Math.ceil(MAX_IMPORT_BYTES / 9) + 10);
    const r = parseCollectionCsv(big);
    expect(r).toMatchObject({ ok: false, code: "import/too-large" });
    if (!r.ok) expect(r.message).toMatch(/limited to 2\.0 MB/);
    const many = parseCollectionCsv("set,number,quantity\n" + "DEMO,1,1\n".repeat(MAX_IMPORT_ROWS + 1));
    expect(many).toMatchObject({ ok: false, code: "import/too-many-rows" });
    expect(parseCollectionCsv("set,number,quantity\n" + "DEMO,1,1\n".repeat(MAX_IMPORT_ROWS))).toMatchObject({ ok: true });
    expect(checkImportSize(MAX_IMPORT_BYTES)).toEqual({ ok: true });
    expect(checkImportSize(MAX_IMPORT_BYTES + 1)).toMatchObject({ ok: false });
  });

  it("round-trips an export, including quotes, commas and formula-looking titles", () => {
    const csv = toCollectionCsv(rows);
    expect(csv.split("\n")[0]).toBe("set,number,title,quantity");
    expect(csv).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
    const back = parseCollectionCsv(csv);
    if (!back.ok) throw new Error(back.message);
    expect(back.errors).toEqual([]);
    expect(back.rows.map(({ set, number, title, quantity }) => ({ set, number, title, quantity }))).toEqual(
      [...rows].sort((a, b) => a.number - b.number),
    );
  });
});

describe("collection JSON", () => {
  it("round-trips an export", () => {
    const json = toCollectionJson(rows, new Date("2026-01-02T03:04:05Z"));
    expect(JSON.parse(json)).toMatchObject({ format: "ringbinder-collection", version: 1, exportedAt: "2026-01-02T03:04:05.000Z" });
    const back = parseCollectionJson(json);
    if (!back.ok) throw new Error(back.message);
    expect(back.rows.map(({ set, number, title, quantity }) => ({ set, number, title, quantity }))).toEqual(
      [...rows].sort((a, b) => a.number - b.number),
    );
  });

  it("accepts a bare array and reports bad items by position", () => {
    const r = parseCollectionJson(JSON.stringify([{ set: "DEMO", number: 1, quantity: 2 }, { set: "DEMO", number: "2", quantity: -3 }, 5, { set: "DEMO", number: 1.5, quantity: 1 }]));
    if (!r.ok) throw new Error(r.message);
    expect(r.rows).toEqual([{ row: 1, set: "DEMO", number: 1, title: null, quantity: 2 }]);
    expect(r.errors.map((e) => [e.row, e.code])).toEqual([
      [2, "import/bad-quantity"],
      [3, "import/bad-row"],
      [4, "import/bad-number"],
    ]);
  });

  it("refuses malformed documents", () => {
    expect(parseCollectionJson("{nope")).toMatchObject({ ok: false, code: "import/malformed" });
    expect(parseCollectionJson('{"cards": 3}')).toMatchObject({ ok: false, code: "import/malformed" });
    expect(parseCollectionJson('{"format":"other","cards":[]}')).toMatchObject({ ok: false, code: "import/malformed" });
    expect(parseCollectionJson('{"version":2,"cards":[]}')).toMatchObject({ ok: false, code: "import/malformed" });
    expect(parseCollectionJson("[]")).toMatchObject({ ok: false, code: "import/empty" });
    expect(parseCollectionJson(JSON.stringify(Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => ({}))))).toMatchObject({ ok: false, code: "import/too-many-rows" });
  });
});

describe("format detection", () => {
  it("uses the file name, then the content", () => {
    expect(detectFormat("a.JSON", "set,number")).toBe("json");
    expect(detectFormat("a.csv", "[]")).toBe("csv");
    expect(detectFormat("pasted text", '  {"cards":[]}')).toBe("json");
    expect(detectFormat("pasted text", "set,number,quantity")).toBe("csv");
  });
});

/**
 * The catalog exchange format (docs/catalog-import.md): JSON or CSV with one
 * column set. Pure: parsing, row validation with the shared card schema, and
 * writing. The database side is lib/catalog/data/catalog-import.ts.
 */
import Papa from "papaparse";
import { utf8ByteLength } from "@/lib/util/utf8";
import { parseJsonArrayInSlices } from "@/lib/util/json-slices";
import { timeSlicer } from "@/lib/server/import/time-slice";
import { toSafeCsv, unguardCell } from "@/lib/util/csv";
import { cardKey } from "@/lib/catalog/keys";
import { parseCatalogCard, splitList, type CatalogCard } from "@/lib/catalog/schemas";

/** The documented columns, in order. `imageUrl` is optional; every other column is required. */
export const CATALOG_COLUMNS = ["set", "number", "title", "traits", "colors", "rings", "rarity", "text", "effect"] as const;
export const OPTIONAL_COLUMNS = ["imageUrl"] as const;
const ALLOWED = new Set<string>([...CATALOG_COLUMNS, ...OPTIONAL_COLUMNS]);

/** Files larger than this are refused before parsing. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** Files with more rows than this are refused. */
export const MAX_IMPORT_ROWS = 20_000;

export type CatalogFormat = "json" | "csv";

/** One row of an import file: its line (CSV) or index (JSON, 1-based) and raw fields. */
export type RawRow = { line: number; raw: Record<string, unknown> };
export type FileError = { code: "import/too-large" | "import/too-many-rows" | "import/bad-format" | "import/bad-columns" | "import/empty"; message: string };

export type ValidatedRow = { line: number; key: string | null; ok: true; card: CatalogCard } | { line: number; key: string | null; ok: false; errors: string[] };

/** Picks the format from a file name (".csv" -> csv, otherwise json) unless given. */
export function detectFormat(name: string, given?: string | null): CatalogFormat {
  if (given === "csv" || given === "json") return given;
  return /\.csv$/i.test(name) ? "csv" : "json";
}

function checkColumns(columns: string[]): FileError | null {
  const unknown = columns.filter((c) => !ALLOWED.has(c));
  const missing = CATALOG_COLUMNS.filter((c) => !columns.includes(c));
  const dupes = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (!unknown.length && !missing.length && !dupes.length) return null;
  const parts = [
    unknown.length && `unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((c) => `“${c}”`).join(", ")}`,
    missing.length && `missing column${missing.length > 1 ? "s" : ""} ${missing.map((c) => `“${c}”`).join(", ")}`,
    dupes.length && `repeated column${dupes.length > 1 ? "s" : ""} ${dupes.map((c) => `“${c}”`).join(", ")}`,
  ].filter(Boolean);
  return { code: "import/bad-columns", message: `Wrong columns: ${parts.join("; ")}. Expected: ${CATALOG_COLUMNS.join(", ")} (and optionally imageUrl).` };
}

/** Characters of CSV parsed between two yields to the event loop (about 10 ms of work each). */
const PARSE_CHUNK = 128 * 1024;

type CsvParse = { fields: string[]; data: Record<string, string>[]; errors: Papa.ParseError[]; tooMany: boolean };

/**
 * Papa Parse over a large text in chunks, yielding to the event loop between
 * them: a 20,000-row file parsed in one go held the server's event loop for
 * 110-230 ms (npm run bench:http -- --mode import), so everyone else waited.
 * Error rows are numbered over the whole file, as one parse would; it stops
 * early once the file has more rows than an import takes.
 */
function parseCsvInChunks(body: string): Promise<CsvParse> {
  return new Promise((resolve, reject) => {
    const out: CsvParse = { fields: [], data: [], errors: [], tooMany: false };
    Papa.parse<Record<string, string>>(body, {
      header: true,
      skipEmptyLines: "greedy",
      transformHeader: (h) => h.trim(),
      chunkSize: PARSE_CHUNK,
      chunk: (results: Papa.ParseResult<Record<string, string>>, parser: Papa.Parser) => {
        if (!out.fields.length) out.fields = results.meta.fields ?? [];
        // Papa numbers a field-count error by data row over the whole file, but a quoting error by line within the
        // chunk, the header line included in the first: both become the data row's index here
        const offset = out.data.length;
        for (const e of results.errors) {
          if (e.row === undefined || e.type === "FieldMismatch") out.errors.push(e);
          else out.errors.push({ ...e, row: offset === 0 ? Math.max(0, e.row - 1) : e.row + offset });
        }
        for (const row of results.data) out.data.push(row);
        if (out.data.length > MAX_IMPORT_ROWS) {
          out.tooMany = true;
          parser.abort();
          return;
        }
        parser.pause();
        setTimeout(() => parser.resume(), 0);
      },
      complete: () => resolve(out),
      error: (err: Error) => reject(err),
    });
  });
}

/** Parses an import file into raw rows, refusing oversized files, bad syntax and wrong columns. */
export async function parseCatalogFile(text: string, format: CatalogFormat): Promise<{ ok: true; rows: RawRow[] } | { ok: false; error: FileError }> {
  if (utf8ByteLength(text) > MAX_IMPORT_BYTES) {
    return { ok: false, error: { code: "import/too-large", message: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller files.` } };
  }
  const body = text.replace(/^\uFEFF/, "");
  if (!body.trim()) return { ok: false, error: { code: "import/empty", message: "The file is empty." } };

  if (format === "json") {
    // item by item with pauses (one JSON.parse of 5 MB held the server); whole, for its exact error, when that fails
    let data: unknown = await parseJsonArrayInSlices(body, "cards", timeSlicer());
    if (data === null)
      try {
        data = JSON.parse(body);
      } catch (e) {
      return { ok: false, error: { code: "import/bad-format", message: `The file is not valid JSON: ${(e as Error).message}` } };
    }
    const list = Array.isArray(data) ? data : data && typeof data === "object" && Array.isArray((data as { cards?: unknown }).cards) ? (data as { cards: unknown[] }).cards : null;
    if (!list) return { ok: false, error: { code: "import/bad-format", message: "Expected a JSON array of cards, or an object with a “cards” array." } };
    if (list.length > MAX_IMPORT_ROWS) return { ok: false, error: tooMany(list.length) };
    if (list.length === 0) return { ok: false, error: { code: "import/empty", message: "The file has no cards." } };
    const columns = new Set<string>();
    const rows: RawRow[] = [];
    for (const [i, item] of list.entries()) {
      if (!item || typeof item !== "object" || Array.isArray(item)) {
        return { ok: false, error: { code: "import/bad-format", message: `Card ${i + 1} is not an object.` } };
      }
      for (const k of Object.keys(item)) columns.add(k);
      rows.push({ line: i + 1, raw: item as Record<string, unknown> });
    }
    const unknown = [...columns].filter((c) => !ALLOWED.has(c));
    if (unknown.length) return { ok: false, error: checkColumns([...columns, ...CATALOG_COLUMNS.filter((c) => !columns.has(c))])! };
    return { ok: true, rows };
  }

  const parsed = await parseCsvInChunks(body);
  const colError = checkColumns(parsed.fields);
  if (colError) return { ok: false, error: colError };
  if (parsed.tooMany) return { ok: false, error: tooMany(parsed.data.length, true) };
  if (parsed.data.length === 0) return { ok: false, error: { code: "import/empty", message: "The file has a header but no cards." } };
  const rowErrors = new Map<number, string[]>();
  for (const e of parsed.errors) {
    if (e.row === undefined) return { ok: false, error: { code: "import/bad-format", message: `The CSV could not be read: ${e.message}` } };
    rowErrors.set(e.row, [...(rowErrors.get(e.row) ?? []), e.message]);
  }
  const rows: RawRow[] = parsed.data.map((r, i) => {
    // header is line 1; data row i sits on line i + 2 (quoted newlines aside)
    // undo the export's formula guard, so an exported file imports back unchanged
    const raw: Record<string, unknown> = Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "string" ? unguardCell(v) : v]));
    const errs = rowErrors.get(i);
    if (errs) raw.__csvErrors = errs;
    return { line: i + 2, raw };
  });
  return { ok: true, rows };
}

function tooMany(n: number, atLeast = false): FileError {
  return { code: "import/too-many-rows", message: `The file has ${atLeast ? "more than " : ""}${(atLeast ? MAX_IMPORT_ROWS : n).toLocaleString("en")} rows; at most ${MAX_IMPORT_ROWS.toLocaleString("en")} can be imported at once.` };
}

/**
 * Validates rows with the shared card schema (a repeated set + number is
 * rejected on its later rows), in chunks, yielding to the event loop between
 * them (a large file never holds the server for long) and reporting how far it got.
 */
export async function validateRowsInChunks(rows: readonly RawRow[], onProgress: (done: number) => void = () => {}, chunk = 500): Promise<ValidatedRow[]> {
  const seen = new Map<string, number>();
  const out: ValidatedRow[] = [];
  const pause = timeSlicer();
  for (const row of rows) {
    out.push(validateRow(row, seen));
    if (out.length % chunk === 0) onProgress(out.length);
    await pause();
  }
  onProgress(out.length);
  return out;
}

function validateRow({ line, raw }: RawRow, seen: Map<string, number>): ValidatedRow {
  const csvErrors = raw.__csvErrors as string[] | undefined;
  const fields = {
    set: raw.set,
    number: raw.number,
    title: raw.title,
    traits: splitList(raw.traits),
    colors: splitList(raw.colors).map((c) => c.toLowerCase()),
    rings: raw.rings,
    rarity: typeof raw.rarity === "string" ? raw.rarity.trim().toLowerCase() : raw.rarity,
    text: raw.text ?? "",
    effect: raw.effect ?? null,
    imageUrl: raw.imageUrl || null,
  };
  const parsed = parseCatalogCard(fields);
  const key = typeof raw.set === "string" && raw.number !== undefined && /^\d+$/.test(String(raw.number).trim()) ? cardKey(raw.set.trim().toUpperCase(), Number(raw.number)) : null;
  const errors = [...(csvErrors ?? []).map((e) => `CSV: ${e}`)];
  if (!parsed.ok) for (const [field, msgs] of Object.entries(parsed.fieldErrors)) for (const m of msgs) errors.push(`${field}: ${m}`);
  // A set + number is taken by its first row even when that row is rejected: a later row with the
  // same key is a duplicate too (else the dry run would offer to create it, and the fixed file would then refuse it).
  const k = parsed.ok ? cardKey(parsed.card.set, parsed.card.number) : key;
  if (k !== null) {
    const first = seen.get(k);
    if (first !== undefined) errors.push(`${k} appears twice in the file (first at row ${first}).`);
    else seen.set(k, line);
  }
  if (errors.length || !parsed.ok) return { line, key, ok: false as const, errors };
  return { line, key: cardKey(parsed.card.set, parsed.card.number), ok: true as const, card: parsed.card };
}

/** The exchange shape of one card (what export writes and import reads). */
export type CatalogRecord = {
  set: string;
  number: number;
  title: string;
  traits: string[];
  colors: string[];
  rings: number;
  rarity: string;
  text: string;
  effect: unknown;
  imageUrl?: string | null;
};

/** Writes cards as CSV: lists joined by “;”, effect as compact JSON (empty when none). */
export function toCsv(cards: readonly CatalogRecord[]): string {
  const withImages = cards.some((c) => c.imageUrl);
  const fields: string[] = [...CATALOG_COLUMNS, ...(withImages ? OPTIONAL_COLUMNS : [])];
  const data = cards.map((c) => {
    const row: Record<string, string | number> = {
      set: c.set,
      number: c.number,
      title: c.title,
      traits: c.traits.join(";"),
      colors: c.colors.join(";"),
      rings: c.rings,
      rarity: c.rarity,
      text: c.text,
      effect: c.effect == null ? "" : JSON.stringify(c.effect),
    };
    if (withImages) row.imageUrl = c.imageUrl ?? "";
    return row;
  });
  return toSafeCsv(fields, data.map((r) => fields.map((f) => r[f])));
}

/** Writes cards as JSON: `{ "cards": [...] }`. */
export function toJson(cards: readonly CatalogRecord[]): string {
  return `${JSON.stringify({ cards: cards.map((c) => ({ ...c, imageUrl: c.imageUrl ?? undefined })) }, null, 2)}\n`;
}

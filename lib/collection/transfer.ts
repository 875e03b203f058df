import Papa from "papaparse";
import { utf8ByteLength } from "@/lib/util/utf8";
import { toSafeCsv, unguardCell } from "@/lib/util/csv";
import { setCodeSchema } from "@/lib/catalog/card-schema";
import { MAX_QUANTITY, type TransferFormat } from "@/lib/collection/schemas";
import { JSON_SOURCE, mapCsvHeader, stripSeparatorHint, type ImportSource } from "@/lib/collection/csv-sources";
import { formatPrice, hasDetails, NO_DETAILS, parseBinderName, parseDetails, type CopyDetails } from "@/lib/collection/copies";

/**
 * The collection file formats (CSV and JSON): parsing an upload into rows with
 * row-level errors, and writing an export that parses back to the same rows.
 * Pure: no database; lib/collection/data/transfer resolves rows to cards.
 */

/** Largest import accepted, in bytes (2 MB). */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** Most data rows (CSV) or items (JSON) accepted in one import. */
export const MAX_IMPORT_ROWS = 20_000;
/** The `format` tag of a JSON collection file. */
export const JSON_FORMAT_TAG = "ringbinder-collection";
export const JSON_FORMAT_VERSION = 1;
/** CSV columns in export order; `title` is optional on import. */
export const CSV_COLUMNS = ["set", "number", "title", "quantity"] as const;
/** Optional columns after them: where the copies are and what they record (written only when some copy has one). */
export const CSV_DETAIL_COLUMNS = ["binder", "condition", "language", "printing", "price", "date", "note"] as const;

/** One line of a collection file: a card by set + number, an optional title to check, and a quantity. */
export type TransferRow = {
  /** CSV: the file's row number (the header is row 1). JSON: the item's position in `cards`, from 1. */
  row: number;
  /** the set code; empty when the file names the set only by name (`setName`) */
  set: string;
  /** the set's name as a file from another tool gives it (Deckbox's "Edition"), resolved through the catalog's set names */
  setName?: string;
  number: number;
  title: string | null;
  quantity: number;
  /** the binder these copies are in ("" or absent: the default binder) */
  binder?: string;
  /** what these copies record, when the file says */
  details?: CopyDetails;
};

export type RowErrorCode =
  | "import/bad-row"
  | "import/bad-set"
  | "import/bad-number"
  | "import/bad-quantity"
  | "import/unknown-card"
  | "import/title-mismatch"
  | "import/bad-detail";

export type RowError = { row: number; code: RowErrorCode; message: string };

export type FileErrorCode = "import/too-large" | "import/too-many-rows" | "import/malformed" | "import/empty" | "import/missing-columns";

export type ParseResult =
  | { ok: true; rows: TransferRow[]; errors: RowError[]; source: ImportSource }
  | { ok: false; code: FileErrorCode; message: string };

/** An exported line: copies of a card the user owns, with their binder and details when they have any. */
export type ExportRow = { set: string; number: number; title: string; quantity: number; binder?: string; details?: CopyDetails };

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
}

/** The size check shared by the browser (before upload) and the server. */
export function checkImportSize(bytes: number): { ok: true } | { ok: false; code: "import/too-large"; message: string } {
  if (bytes <= MAX_IMPORT_BYTES) return { ok: true };
  return {
    ok: false,
    code: "import/too-large",
    message: `The file is ${formatBytes(bytes)}; imports are limited to ${formatBytes(MAX_IMPORT_BYTES)}. Split it into smaller files and import them in "add to" mode.`,
  };
}

function tooManyRows(count: number): ParseResult {
  return {
    ok: false,
    code: "import/too-many-rows",
    message: `The file has ${count.toLocaleString("en")} rows; imports are limited to ${MAX_IMPORT_ROWS.toLocaleString("en")}. Split it into smaller files.`,
  };
}

const WHOLE = /^\d+$/;
/** A card number as files write it: "12", "012", "#12", or "092/110" (number / set size). */
const CARD_NUMBER = /^#?(\d{1,6})(?:\s*\/\s*\d{1,6})?$/;

function parseCardNumber(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isSafeInteger(raw) && raw >= 0 ? raw : null;
  if (typeof raw !== "string") return null;
  const m = CARD_NUMBER.exec(raw.trim());
  return m ? Number(m[1]) : null;
}

function parseNumberField(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isSafeInteger(raw) && raw >= 0 ? raw : null;
  if (typeof raw !== "string") return null;
  const s = raw.trim();
  if (!WHOLE.test(s) || s.length > 6) return null;
  return Number(s);
}


/** Validates one row's fields; returns the row or the errors found in it. */
type DetailFields = { binder?: unknown; condition?: unknown; language?: unknown; printing?: unknown; price?: unknown; date?: unknown; note?: unknown };
type RowFields = { set: unknown; setName?: unknown; number: unknown; title: unknown; quantity: unknown } & DetailFields;

const text = (v: unknown) => (typeof v === "string" ? unguardCell(v) : typeof v === "number" ? String(v) : "");

/** A row's binder and details, when it has any: absent columns and empty cells record nothing. */
function readDetails(row: number, f: DetailFields): { binder?: string; details?: CopyDetails } | RowError[] {
  const binder = parseBinderName(text(f.binder));
  const details = parseDetails({ condition: text(f.condition), language: text(f.language), printing: text(f.printing), price: text(f.price), date: text(f.date), note: text(f.note) });
  const messages = [...(binder.ok ? [] : [binder.message]), ...(details.ok ? [] : details.messages)];
  if (messages.length || !binder.ok || !details.ok) return messages.map((message) => ({ row, code: "import/bad-detail" as const, message }));
  return { ...(binder.value ? { binder: binder.value } : {}), ...(hasDetails(details.value) ? { details: details.value } : {}) };
}

function buildRow(row: number, fields: RowFields): TransferRow | RowError[] {
  const errors: RowError[] = [];
  const setName = typeof fields.setName === "string" ? unguardCell(fields.setName.trim()).slice(0, 120) : "";
  const rawSet = typeof fields.set === "string" ? fields.set : "";
  const set = setCodeSchema.safeParse(rawSet);
  // a file from another tool may name the set by name only, or carry a code the catalog spells differently
  if (!set.success && !setName) errors.push({ row, code: "import/bad-set", message: rawSet.trim() ? `Set code "${rawSet}" is not valid (2–12 letters, digits or dashes).` : "The row names no set." });
  const number = parseCardNumber(fields.number);
  if (number === null) errors.push({ row, code: "import/bad-number", message: `Card number "${String(fields.number ?? "")}" is not a whole number.` });
  const quantity = parseNumberField(fields.quantity);
  if (quantity === null || quantity > MAX_QUANTITY) {
    errors.push({
      row,
      code: "import/bad-quantity",
      message: `Quantity "${String(fields.quantity ?? "")}" must be a whole number from 0 to ${MAX_QUANTITY}.`,
    });
  }
  let title: string | null = null;
  if (fields.title !== undefined && fields.title !== null) {
    if (typeof fields.title !== "string") errors.push({ row, code: "import/bad-row", message: "Title must be text." });
    else title = unguardCell(fields.title.trim()) || null;
  }
  const placed = readDetails(row, fields);
  if (Array.isArray(placed)) errors.push(...placed);
  if (errors.length || Array.isArray(placed)) return errors;
  return { row, set: set.success ? set.data : "", ...(setName ? { setName } : {}), number: number!, title, quantity: quantity!, ...placed };
}

/**
 * Parses a CSV collection file: a header row, then one card per row. The
 * header says the dialect (csv-sources.ts): Ringbinder's set, number and
 * quantity (title optional), or the export of Deckbox, Dragon Shield, ManaBox
 * or TCGplayer, whose columns are mapped onto those.
 */
export function parseCollectionCsv(text: string): ParseResult {
  const size = checkImportSize(utf8ByteLength(text));
  if (!size.ok) return size;
  const { body, skipped } = stripSeparatorHint(text.replace(/^\uFEFF/, ""));
  if (!body.trim()) return { ok: false, code: "import/empty", message: "The file is empty." };
  const parsed = Papa.parse<string[]>(body, { header: false, skipEmptyLines: false, preview: MAX_IMPORT_ROWS + 2 });
  const lines = parsed.data;
  if (parsed.errors.some((e) => e.type === "Quotes")) {
    const e = parsed.errors.find((x) => x.type === "Quotes")!;
    return { ok: false, code: "import/malformed", message: `The CSV is malformed near row ${(e.row ?? 0) + 1 + skipped}: ${e.message}.` };
  }
  const header = lines[0] ?? [];
  const { source, index: idx, missing } = mapCsvHeader(header);
  if (missing.length) {
    return {
      ok: false,
      code: "import/missing-columns",
      message:
        source.id === "ringbinder"
          ? `The first row must name the columns set, number and quantity (title is optional); missing: ${missing.join(", ")}.`
          : `This looks like a ${source.label} file, but it has no ${missing.map((m) => `"${m}"`).join(", ")} column.`,
    };
  }
  const dataLines = lines.slice(1).map((cells, i) => ({ cells, row: i + 2 + skipped })).filter(({ cells }) => cells.some((c) => c.trim() !== ""));
  if (dataLines.length > MAX_IMPORT_ROWS) return tooManyRows(dataLines.length);
  if (dataLines.length === 0) return { ok: false, code: "import/empty", message: "The file has a header row but no cards." };

  const rows: TransferRow[] = [];
  const errors: RowError[] = [];
  const cell = (cells: string[], i: number | undefined) => (i === undefined ? undefined : cells[i]);
  for (const { cells, row } of dataLines) {
    if (cells.length !== header.length) {
      errors.push({ row, code: "import/bad-row", message: `Row has ${cells.length} fields; the header has ${header.length}.` });
      continue;
    }
    const built = buildRow(row, {
      set: cell(cells, idx.set) ?? "",
      setName: cell(cells, idx.setName),
      number: cell(cells, idx.number),
      title: cell(cells, idx.title),
      quantity: cell(cells, idx.quantity),
      binder: cell(cells, idx.binder),
      condition: cell(cells, idx.condition),
      language: cell(cells, idx.language),
      printing: cell(cells, idx.printing),
      price: cell(cells, idx.price),
      date: cell(cells, idx.date),
      note: cell(cells, idx.note),
    });
    if (Array.isArray(built)) errors.push(...built);
    else rows.push(built);
  }
  return { ok: true, rows, errors, source };
}

/** Parses a JSON collection file: `{ "format": "ringbinder-collection", "version": 1, "cards": [...] }` or a bare array of cards. */
export function parseCollectionJson(text: string): ParseResult {
  const size = checkImportSize(utf8ByteLength(text));
  if (!size.ok) return size;
  if (!text.trim()) return { ok: false, code: "import/empty", message: "The file is empty." };
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (err) {
    return { ok: false, code: "import/malformed", message: `The file is not valid JSON: ${(err as Error).message}.` };
  }
  let items: unknown;
  if (Array.isArray(doc)) items = doc;
  else if (doc && typeof doc === "object") {
    const d = doc as Record<string, unknown>;
    if (d.format !== undefined && d.format !== JSON_FORMAT_TAG) {
      return { ok: false, code: "import/malformed", message: `Unknown format "${String(d.format)}"; expected "${JSON_FORMAT_TAG}".` };
    }
    if (d.version !== undefined && d.version !== JSON_FORMAT_VERSION) {
      return { ok: false, code: "import/malformed", message: `Unsupported version ${String(d.version)}; this app reads version ${JSON_FORMAT_VERSION}.` };
    }
    items = d.cards;
  }
  if (!Array.isArray(items)) return { ok: false, code: "import/malformed", message: 'Expected an object with a "cards" array, or an array of cards.' };
  if (items.length > MAX_IMPORT_ROWS) return tooManyRows(items.length);
  if (items.length === 0) return { ok: false, code: "import/empty", message: "The file lists no cards." };

  const rows: TransferRow[] = [];
  const errors: RowError[] = [];
  items.forEach((item, i) => {
    const row = i + 1;
    if (!item || typeof item !== "object" || Array.isArray(item)) {
      errors.push({ row, code: "import/bad-row", message: "Each card must be an object with set, number and quantity." });
      return;
    }
    const it = item as Record<string, unknown>;
    const built = buildRow(row, it as RowFields);
    if (Array.isArray(built)) errors.push(...built);
    else rows.push(built);
  });
  return { ok: true, rows, errors, source: JSON_SOURCE };
}

export function parseCollectionFile(format: TransferFormat, text: string): ParseResult {
  return format === "csv" ? parseCollectionCsv(text) : parseCollectionJson(text);
}

/** Picks the format from a file name, then from the content's first character. */
export function detectFormat(fileName: string, text: string): TransferFormat {
  if (/\.json$/i.test(fileName)) return "json";
  if (/\.csv$/i.test(fileName)) return "csv";
  return /^\s*[[{]/.test(text.replace(/^\uFEFF/, "")) ? "json" : "csv";
}

function sortRows(rows: ExportRow[]): ExportRow[] {
  const binder = (r: ExportRow) => r.binder ?? "";
  return [...rows].sort((a, b) => (a.set !== b.set ? (a.set < b.set ? -1 : 1) : a.number - b.number || binder(a).localeCompare(binder(b)) || Number(!!a.details) - Number(!!b.details)));
}

const placed = (r: ExportRow) => !!r.binder || (!!r.details && hasDetails(r.details));

/**
 * Writes rows as CSV (set,number,title,quantity), titles guarded against
 * spreadsheet formulas; with binder,condition,language,printing,price,date,note
 * after them when some row has a binder or details.
 */
export function toCollectionCsv(rows: ExportRow[]): string {
  const extra = rows.some(placed);
  const data = sortRows(rows).map((r) => {
    const base = [r.set, String(r.number), r.title, String(r.quantity)];
    if (!extra) return base;
    const d = r.details ?? NO_DETAILS;
    return [...base, r.binder ?? "", d.condition, d.language, d.printing, formatPrice(d.priceCents), d.purchasedOn, d.note];
  });
  return toSafeCsv(extra ? [...CSV_COLUMNS, ...CSV_DETAIL_COLUMNS] : CSV_COLUMNS, data);
}

/** Writes rows as the JSON collection document (binder and details only on cards that have them). */
export function toCollectionJson(rows: ExportRow[], exportedAt: Date): string {
  const doc = {
    format: JSON_FORMAT_TAG,
    version: JSON_FORMAT_VERSION,
    exportedAt: exportedAt.toISOString(),
    cards: sortRows(rows).map((r) => {
      const d = r.details ?? NO_DETAILS;
      const details = Object.fromEntries(
        Object.entries({ condition: d.condition, language: d.language, printing: d.printing, price: formatPrice(d.priceCents), date: d.purchasedOn, note: d.note }).filter(([, v]) => v !== ""),
      );
      return { set: r.set, number: r.number, title: r.title, quantity: r.quantity, ...(r.binder ? { binder: r.binder } : {}), ...details };
    }),
  };
  return JSON.stringify(doc, null, 2) + "\n";
}

/** One row per card with its total (binders and details dropped), for views of the whole collection such as the trade binder. */
export function totalRows(rows: readonly ExportRow[]): ExportRow[] {
  const byCard = new Map<string, ExportRow>();
  for (const r of rows) {
    const k = `${r.set}#${r.number}`;
    const seen = byCard.get(k);
    if (seen) seen.quantity += r.quantity;
    else byCard.set(k, { set: r.set, number: r.number, title: r.title, quantity: r.quantity });
  }
  return [...byCard.values()];
}

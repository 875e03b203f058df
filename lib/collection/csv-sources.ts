/**
 * The collection CSV dialects an import recognises: Ringbinder's own columns
 * and the exports of Deckbox, Dragon Shield, ManaBox and TCGplayer. Each is
 * recognised by its header and maps its columns onto Ringbinder's fields.
 * Pure: no database.
 */

export type CsvSourceId = "ringbinder" | "deckbox" | "dragon-shield" | "manabox" | "tcgplayer";
/** Where an import's rows came from, as the preview names it ("Read as Deckbox CSV"). */
export type ImportSource = { id: CsvSourceId | "ringbinder-json"; label: string };

/** Ringbinder's fields a column can feed. `setName` resolves to a set code through the catalog's set names. */
export type CsvField = "set" | "setName" | "number" | "title" | "quantity" | "binder" | "condition" | "language" | "printing" | "price" | "date" | "note";

type Profile = {
  id: CsvSourceId;
  label: string;
  /** lower-case header names that together identify the dialect */
  signature: string[][];
  /** each field's column names (lower case), first found wins */
  columns: Partial<Record<CsvField, string[]>>;
};

/** Ringbinder's own optional per-copy columns (docs/collection-import.md). */
const RINGBINDER_EXTRAS: Partial<Record<CsvField, string[]>> = {
  binder: ["binder"],
  condition: ["condition"],
  language: ["language"],
  printing: ["printing"],
  price: ["price", "purchase price"],
  date: ["date", "purchase date"],
  note: ["note"],
};

/** Most specific first: the first profile whose signature the header holds is the file's dialect. */
const PROFILES: Profile[] = [
  {
    id: "dragon-shield",
    label: "Dragon Shield CSV",
    signature: [["folder name", "card name", "trade quantity"]],
    columns: {
      binder: ["folder name"],
      quantity: ["quantity"],
      title: ["card name"],
      set: ["set code"],
      setName: ["set name"],
      number: ["card number"],
      condition: ["condition"],
      printing: ["printing"],
      language: ["language"],
      price: ["price bought"],
      date: ["date bought"],
    },
  },
  {
    id: "deckbox",
    label: "Deckbox CSV",
    signature: [["count", "tradelist count", "name", "edition"]],
    columns: {
      quantity: ["count"],
      title: ["name"],
      set: ["edition code"],
      setName: ["edition"],
      number: ["card number"],
      condition: ["condition"],
      language: ["language"],
      printing: ["foil"],
      note: ["printing note"],
    },
  },
  {
    id: "manabox",
    label: "ManaBox CSV",
    signature: [["manabox id"], ["name", "set code", "set name", "collector number", "foil", "quantity"]],
    columns: {
      binder: ["binder name"],
      title: ["name"],
      set: ["set code"],
      setName: ["set name"],
      number: ["collector number"],
      printing: ["foil"],
      quantity: ["quantity"],
      condition: ["condition"],
      language: ["language"],
      price: ["purchase price"],
    },
  },
  {
    id: "tcgplayer",
    label: "TCGplayer CSV",
    signature: [["simple name", "card number"], ["product id", "sku", "quantity"]],
    columns: {
      quantity: ["quantity", "add to quantity"],
      title: ["simple name", "name", "product name"],
      set: ["set code"],
      setName: ["set", "set name"],
      number: ["card number", "number"],
      printing: ["printing"],
      condition: ["condition"],
      language: ["language"],
    },
  },
  {
    id: "ringbinder",
    label: "Ringbinder CSV",
    signature: [],
    columns: { set: ["set", "set code"], number: ["number", "no", "#"], title: ["title", "name"], quantity: ["quantity", "qty", "count"], ...RINGBINDER_EXTRAS },
  },
];

export const JSON_SOURCE: ImportSource = { id: "ringbinder-json", label: "Ringbinder JSON" };

/** A header matched to a dialect: its label and each field's column index (absent fields are not in `index`). */
export type CsvMapping = { source: ImportSource; index: Partial<Record<CsvField, number>>; missing: string[] };

/** Reads a header row: which dialect it is, where each field sits, and which required columns it lacks. */
export function mapCsvHeader(header: string[]): CsvMapping {
  const names = header.map((h) => h.trim().toLowerCase());
  const has = new Set(names);
  const profile = PROFILES.find((p) => p.signature.some((sig) => sig.every((n) => has.has(n)))) ?? PROFILES[PROFILES.length - 1];
  const index: Partial<Record<CsvField, number>> = {};
  for (const [field, cols] of Object.entries(profile.columns) as [CsvField, string[]][]) {
    const at = cols.map((c) => names.indexOf(c)).find((i) => i >= 0);
    if (at !== undefined) index[field] = at;
  }
  const missing: string[] = [];
  if (profile.id === "ringbinder") {
    for (const f of ["set", "number", "quantity"] as const) if (index[f] === undefined) missing.push(f);
  } else {
    if (index.quantity === undefined) missing.push(profile.columns.quantity![0]);
    if (index.number === undefined) missing.push(profile.columns.number![0]);
    if (index.set === undefined && index.setName === undefined) missing.push(`${profile.columns.set![0]} or ${profile.columns.setName![0]}`);
  }
  return { source: { id: profile.id, label: profile.label }, index, missing };
}

/** Dragon Shield files open with an Excel separator hint (`sep=,`); the header is the line after it. */
export function stripSeparatorHint(body: string): { body: string; skipped: number } {
  const m = /^"?sep=.?"?[ \t]*\r?\n/i.exec(body);
  return m ? { body: body.slice(m[0].length), skipped: 1 } : { body, skipped: 0 };
}

import Papa from "papaparse";
import { XMLParser } from "fast-xml-parser";
import type { CatalogIndex } from "./catalog-index";
import { errorList, resolveDeckLines, type DeckLineIn, type ErrorList, type ResolvedDeck } from "./deck-lines";
import { parseDeckJson } from "./json-format";
import { parseCockatriceCardName } from "./cockatrice-format";
import { deckTextTooLarge, hasSetNumberSuffix, readDeckTextLines } from "./text-format";

/**
 * Deck import that recognises the format: Ringbinder's text ("N Title
 * [SET-NUM]") and JSON, the "N Title (SET) NUMBER" lines deck builders
 * export, the CSV exports of Moxfield and of Archidekt-style builders, and
 * Cockatrice's .cod XML. Every format is read into the same lines and
 * resolved by the one resolver (./deck-lines), so every format reports
 * unmatched lines the same way, with the closest names.
 */

export const DECK_FORMATS = {
  text: "Ringbinder text",
  "set-number": "“N Title (SET) NUMBER” lines",
  json: "Ringbinder JSON",
  "moxfield-csv": "Moxfield CSV",
  "archidekt-csv": "Archidekt-style CSV",
  cockatrice: "Cockatrice deck (.cod)",
} as const;
export type DeckFormat = keyof typeof DECK_FORMATS;

export type DeckImportResult = (ResolvedDeck & { description?: string }) & { format: DeckFormat };

const norm = (h: string) => h.trim().toLowerCase().replace(/[\s_-]+/g, " ");
const QUANTITY = ["count", "quantity", "qty", "amount"];
const NAME = ["name", "card name", "card", "title"];
const SET = ["edition code", "set code", "edition", "set"];
const NUMBER = ["collector number", "card number", "number", "collector no"];

function firstLine(text: string): string {
  const i = text.search(/\r|\n/);
  return (i < 0 ? text : text.slice(0, i)).trim();
}

/** The header of a CSV export, when the first line is one: it names a quantity and a card name column. */
function csvHeader(text: string): string[] | null {
  const head = firstLine(text);
  if (!head.includes(",")) return null;
  const cols = (Papa.parse<string[]>(head, { header: false }).data[0] ?? []).map(norm);
  return cols.some((c) => QUANTITY.includes(c)) && cols.some((c) => NAME.includes(c)) ? cols : null;
}

/** Which format a text is in, from its first characters and its header (never from the file name). */
export function detectDeckFormat(text: string): DeckFormat {
  const start = text.replace(/^\uFEFF/, "").trimStart();
  if (start.startsWith("<")) return "cockatrice";
  if (start.startsWith("{")) return "json";
  const header = csvHeader(start);
  if (header) return header.includes("tradelist count") || (header.includes("count") && header.includes("edition")) ? "moxfield-csv" : "archidekt-csv";
  const cardLines = start.split(/\r\n|\r|\n/).filter((l) => /^\d+x?\s/i.test(l.trim()));
  if (cardLines.length > 0 && cardLines.filter(hasSetNumberSuffix).length * 2 >= cardLines.length) return "set-number";
  return "text";
}

function pick(row: Record<string, string>, names: string[]): string | undefined {
  for (const n of names) if (row[n] !== undefined && row[n].trim() !== "") return row[n].trim();
  return undefined;
}

/** Reads a builder's CSV export: quantity, name, and the set and number where the file has them. */
function readCsv(text: string, err: ErrorList): DeckLineIn[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy", transformHeader: norm });
  for (const e of parsed.errors.slice(0, 5)) err.add((e.row ?? 0) + 2, `this CSV row cannot be read (${e.message}).`);
  return parsed.data.map((row, i) => {
    const set = pick(row, SET);
    const number = pick(row, NUMBER);
    return { line: i + 2, quantity: pick(row, QUANTITY) ?? "", title: pick(row, NAME) ?? "", ...(set && number ? { set, number } : {}) };
  });
}

type CodCard = { "@_number"?: string; "@_name"?: string; "@_setShortName"?: string; "@_collectorNumber"?: string };
type CodZone = { "@_name"?: string; card?: CodCard | CodCard[] };

/** Reads a Cockatrice .cod deck: its name, comments, and the cards of its main zone (the game has no sideboard). */
function readCockatrice(text: string, err: ErrorList): { lines: DeckLineIn[]; name?: string; description?: string } {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    err.add(0, "This XML declares a DOCTYPE or entities, which a Cockatrice deck never has; it was not read.");
    return { lines: [] };
  }
  let doc: { cockatrice_deck?: { deckname?: unknown; comments?: unknown; zone?: CodZone | CodZone[] } };
  try {
    doc = new XMLParser({ ignoreAttributes: false, processEntities: true, parseTagValue: false }).parse(text, true) as typeof doc;
  } catch (e) {
    err.add(0, `This is not a readable Cockatrice deck: ${(e as Error).message}`);
    return { lines: [] };
  }
  const deck = doc.cockatrice_deck;
  if (!deck) {
    err.add(0, "This XML is not a Cockatrice deck: it has no <cockatrice_deck> element.");
    return { lines: [] };
  }
  const zones = ([] as CodZone[]).concat(deck.zone ?? []);
  const main = zones.filter((z) => (z["@_name"] ?? "main") === "main");
  const cards = main.flatMap((z) => ([] as CodCard[]).concat(z.card ?? []));
  const name = typeof deck.deckname === "string" && deck.deckname.trim() ? deck.deckname.trim().slice(0, 100) : undefined;
  const description = typeof deck.comments === "string" ? deck.comments.slice(0, 5000) : undefined;
  // A .cod names cards by title, and since Cockatrice 2.10 by printing too (setShortName, collectorNumber);
  // each card's position stands in for a line number.
  return {
    lines: cards.map((c, i) => {
      const raw = (c["@_name"] ?? "").trim();
      // Ringbinder's Cockatrice names carry the key ("Tails (DEMO-052)"): read it as the printing
      const named = parseCockatriceCardName(raw);
      const set = (c["@_setShortName"] ?? named?.set ?? "").trim();
      const number = (c["@_collectorNumber"] ?? named?.number ?? "").trim();
      const quantity = (c["@_number"] ?? "").trim();
      return { line: i + 1, quantity, title: named?.title ?? raw, ...(set && /^\d+$/.test(number) ? { set, number } : {}) };
    }),
    name,
    description,
  };
}

/** Parses an import in the given format, or the detected one; says which it read. */
export function parseDeckImport(text: string, index: CatalogIndex, format: DeckFormat | "auto" = "auto"): DeckImportResult {
  const found = format === "auto" ? detectDeckFormat(text) : format;
  if (found === "json") return { ...parseDeckJson(text, index), format: found };
  const tooLarge = deckTextTooLarge(text);
  if (tooLarge) return { ok: false, errors: [], message: tooLarge, format: found };
  const err = errorList();
  if (found === "cockatrice") {
    const read = readCockatrice(text, err);
    const r = resolveDeckLines(read.lines, index, err, read.name);
    return r.ok && read.description !== undefined ? { ...r, description: read.description, format: found } : { ...r, format: found };
  }
  if (found === "moxfield-csv" || found === "archidekt-csv") return { ...resolveDeckLines(readCsv(text, err), index, err), format: found };
  const read = readDeckTextLines(text, err);
  return { ...resolveDeckLines(read.lines, index, err, read.name), format: found };
}

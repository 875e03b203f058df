import { cardKey, titleKey } from "@/lib/catalog/keys";
import { MAX_QUANTITY_PER_LINE } from "./rules";
import type { CatalogIndex } from "./catalog-index";
import type { DeckCatalogCard } from "./types";

/** Largest deck text accepted, in characters. */
export const MAX_DECK_TEXT_CHARS = 100_000;
/** Most lines accepted in a deck text (blank and comment lines included). */
export const MAX_DECK_TEXT_LINES = 2_000;
/** Errors reported at most; the rest are counted. */
const MAX_ERRORS = 25;

export type ParsedDeckLine = { card: DeckCatalogCard; quantity: number };
export type DeckTextError = { line: number; message: string };
export type ParseDeckTextResult =
  | { ok: true; cards: ParsedDeckLine[] }
  | { ok: false; errors: DeckTextError[]; message: string };

const LINE = /^(\S+?)x?\s+(.*)$/i;
const KEY_SUFFIX = /\s*\[\s*([A-Za-z0-9]+)\s*-\s*(\d+)\s*\]\s*$/;

function describe(c: DeckCatalogCard): string {
  return `${c.key} (${c.colors.join("/")} ${c.rings} rings)`;
}

/**
 * Parses the plain-text deck format: one card a line, "5 Sonic the Hedgehog [DEMO-001]".
 * The [SET-NUM] key picks the printing; without it the title must name exactly
 * one printing. Blank lines and lines starting with # or // are ignored.
 * Quantities for the same printing on several lines add up. Every error names its line.
 */
export function parseDeckText(text: string, index: CatalogIndex): ParseDeckTextResult {
  if (text.length > MAX_DECK_TEXT_CHARS) {
    return { ok: false, errors: [], message: `The deck text is ${text.length.toLocaleString("en")} characters long; at most ${MAX_DECK_TEXT_CHARS.toLocaleString("en")} are accepted.` };
  }
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > MAX_DECK_TEXT_LINES) {
    return { ok: false, errors: [], message: `The deck text has ${lines.length.toLocaleString("en")} lines; at most ${MAX_DECK_TEXT_LINES.toLocaleString("en")} are accepted.` };
  }
  const errors: DeckTextError[] = [];
  let errorCount = 0;
  const err = (line: number, message: string) => {
    errorCount++;
    if (errors.length < MAX_ERRORS) errors.push({ line, message: `Line ${line}: ${message}` });
  };
  const picked = new Map<string, ParsedDeckLine>();
  lines.forEach((raw, i) => {
    const n = i + 1;
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith("//")) return;
    const m = LINE.exec(line);
    if (!m) {
      err(n, `"${line.slice(0, 60)}" needs a quantity and a card, e.g. "3 Tails [DEMO-002]".`);
      return;
    }
    const qtyText = m[1];
    if (!/^\d+$/.test(qtyText)) {
      err(n, `"${qtyText.slice(0, 20)}" is not a quantity; start the line with a whole number from 1 to ${MAX_QUANTITY_PER_LINE}.`);
      return;
    }
    const quantity = Number(qtyText);
    if (quantity < 1 || quantity > MAX_QUANTITY_PER_LINE) {
      err(n, `quantity ${qtyText} is out of range; use a whole number from 1 to ${MAX_QUANTITY_PER_LINE}.`);
      return;
    }
    let rest = m[2].trim();
    let card: DeckCatalogCard | undefined;
    const keyMatch = KEY_SUFFIX.exec(rest);
    if (keyMatch) {
      const key = cardKey(keyMatch[1], Number(keyMatch[2]));
      rest = rest.slice(0, keyMatch.index).trim();
      card = index.byKey.get(key);
      if (!card) {
        err(n, `no card ${key} in the catalog.`);
        return;
      }
      if (rest && titleKey(rest) !== titleKey(card.title)) {
        err(n, `${key} is "${card.title}", not "${rest.slice(0, 60)}".`);
        return;
      }
    } else {
      if (!rest) {
        err(n, "the card is missing after the quantity.");
        return;
      }
      const candidates = index.byTitle.get(titleKey(rest)) ?? [];
      if (candidates.length === 0) {
        err(n, `no card titled "${rest.slice(0, 60)}".`);
        return;
      }
      if (candidates.length > 1) {
        err(n, `"${candidates[0].title}" has ${candidates.length} printings: ${candidates.map(describe).join(", ")}. Add one key, e.g. "${quantity} ${candidates[0].title} [${candidates[0].key}]".`);
        return;
      }
      card = candidates[0];
    }
    const prev = picked.get(card.id);
    if (prev) prev.quantity += quantity;
    else picked.set(card.id, { card, quantity });
  });
  if (errorCount > 0) {
    const more = errorCount - errors.length;
    return { ok: false, errors, message: `${errorCount} ${errorCount === 1 ? "line has" : "lines have"} a problem${more > 0 ? ` (first ${errors.length} shown)` : ""}; nothing was imported.` };
  }
  if (picked.size === 0) return { ok: false, errors: [], message: "The deck text lists no cards." };
  return { ok: true, cards: [...picked.values()] };
}

/** Writes a deck in the plain-text format, one "N Title [SET-NUM]" line a printing, sorted by key. */
export function formatDeckText(cards: readonly { key: string; title: string; quantity: number }[], header?: string): string {
  const lines = [...cards].sort((a, b) => a.key.localeCompare(b.key)).map((c) => `${c.quantity} ${c.title} [${c.key}]`);
  const head = header ? header.split(/\r?\n/).map((l) => `# ${l}`) : [];
  return [...head, ...lines].join("\n") + "\n";
}

import type { CatalogIndex } from "./catalog-index";
import { errorList, resolveDeckLines, type DeckLineIn, type ErrorList, type ResolvedDeck } from "./deck-lines";

/** Largest deck text accepted, in characters. */
export const MAX_DECK_TEXT_CHARS = 100_000;
/** Most lines accepted in a deck text (blank and comment lines included). */
export const MAX_DECK_TEXT_LINES = 2_000;
export type ParseDeckTextResult = ResolvedDeck;

const LINE = /^(\S+?)x?\s+(.*)$/i;
const KEY_SUFFIX = /\s*\[\s*([A-Za-z0-9]+)\s*-\s*(\d+)\s*\]\s*$/;
/** "4 Sonic the Hedgehog (DEMO) 1": the set code in brackets and the number after it, as deck builders export. */
const SET_NUMBER_SUFFIX = /\s*\(\s*([A-Za-z0-9]+)\s*\)\s*(\d+)\s*$/;
/** Section headers some exports write ("Deck", "Main"): not cards. */
const SECTION = /^(deck|main|maindeck|main deck)\s*:?$/i;

/** Whether a line carries a set in brackets and a number ("N Title (SET) NUMBER"). */
export function hasSetNumberSuffix(line: string): boolean {
  return SET_NUMBER_SUFFIX.test(line);
}

/** Reads the text formats into lines: "N Title [SET-NUM]", "N Title (SET) NUMBER" or "N Title"; a "# Name" line before the first card names the deck. */
export function readDeckTextLines(text: string, err: ErrorList): { lines: DeckLineIn[]; name?: string } {
  const lines: DeckLineIn[] = [];
  let name: string | undefined;
  let cardSeen = false;
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const n = i + 1;
    const line = raw.trim();
    if (line.startsWith("#") && !cardSeen && name === undefined) {
      const title = line.replace(/^#+\s*/, "").trim().slice(0, 100);
      if (title) name = title;
    }
    if (!line || line.startsWith("#") || line.startsWith("//") || SECTION.test(line)) return;
    cardSeen = true;
    const m = LINE.exec(line);
    if (!m) {
      err.add(n, `"${line.slice(0, 60)}" needs a quantity and a card, e.g. "3 Tails [DEMO-002]".`);
      return;
    }
    let rest = m[2].trim();
    const key = KEY_SUFFIX.exec(rest) ?? SET_NUMBER_SUFFIX.exec(rest);
    if (key) {
      rest = rest.slice(0, key.index).trim();
      lines.push({ line: n, quantity: m[1], title: rest, set: key[1], number: key[2] });
    } else lines.push({ line: n, quantity: m[1], title: rest });
  });
  return { lines, name };
}

/** The size limits of a text import; null when within them. */
export function deckTextTooLarge(text: string): string | null {
  if (text.length > MAX_DECK_TEXT_CHARS) return `The deck text is ${text.length.toLocaleString("en")} characters long; at most ${MAX_DECK_TEXT_CHARS.toLocaleString("en")} are accepted.`;
  const lines = text.split(/\r\n|\r|\n/).length;
  if (lines > MAX_DECK_TEXT_LINES) return `The deck text has ${lines.toLocaleString("en")} lines; at most ${MAX_DECK_TEXT_LINES.toLocaleString("en")} are accepted.`;
  return null;
}

/**
 * Parses the plain-text deck format: one card a line, "5 Sonic the Hedgehog [DEMO-001]"
 * (or "5 Sonic the Hedgehog (DEMO) 1", as deck builders export).
 * The set and number pick the printing; without them the title must name exactly
 * one printing. Blank lines and lines starting with # or // are ignored, but a
 * "# Name" line before the first card names the deck (as formatDeckText writes it).
 * Quantities for the same printing on several lines add up. Every error names its line,
 * and a title the catalog lacks comes with the closest names it has.
 */
export function parseDeckText(text: string, index: CatalogIndex): ParseDeckTextResult {
  const tooLarge = deckTextTooLarge(text);
  if (tooLarge) return { ok: false, errors: [], message: tooLarge };
  const err = errorList();
  const read = readDeckTextLines(text, err);
  return resolveDeckLines(read.lines, index, err, read.name);
}

/** Writes a deck in the plain-text format, one "N Title [SET-NUM]" line a printing, sorted by key. */
export function formatDeckText(cards: readonly { key: string; title: string; quantity: number }[], header?: string): string {
  const lines = [...cards].sort((a, b) => a.key.localeCompare(b.key)).map((c) => `${c.quantity} ${c.title} [${c.key}]`);
  const head = header ? header.split(/\r?\n/).map((l) => `# ${l}`) : [];
  return [...head, ...lines].join("\n") + "\n";
}

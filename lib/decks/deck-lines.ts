import { editDistance } from "@/lib/catalog/search";
import { cardKey, titleKey } from "@/lib/catalog/keys";
import { MAX_QUANTITY_PER_LINE } from "./rules";
import type { CatalogIndex } from "./catalog-index";
import type { DeckCatalogCard } from "./types";

/**
 * The one resolver of imported deck lines, whatever format they came in
 * (Ringbinder text, "N Title (SET) NUMBER", builders' CSV, Cockatrice .cod):
 * each line names a quantity and a card by set and number, or by title;
 * every line that cannot be matched is reported by its line number, with the
 * closest card names the catalog has. Quantities for the same printing add up.
 */

/** One card line of an import, as read: its line number in the file, the quantity as written, and the card. */
export type DeckLineIn = { line: number; quantity: string; title: string; set?: string; number?: string };
export type DeckTextError = { line: number; message: string };
export type ParsedDeckLine = { card: DeckCatalogCard; quantity: number };
export type ResolvedDeck = { ok: true; cards: ParsedDeckLine[]; name?: string } | { ok: false; errors: DeckTextError[]; message: string };

/** Problems reported at most (the rest are counted): enough to list every unmatched line of any real deck. */
const MAX_ERRORS = 200;
/** Closest names offered for a line that matches no card. */
const MAX_SUGGESTIONS = 3;

function describe(c: DeckCatalogCard): string {
  return `${c.key} (${c.colors.join("/")} ${c.rings} rings)`;
}

/** The catalog's titles nearest to an unknown one: within about a third of its length in edits, nearest first. */
export function closestTitles(title: string, index: CatalogIndex, max = MAX_SUGGESTIONS): string[] {
  const want = titleKey(title);
  const allowed = Math.max(2, Math.ceil(want.length / 3));
  const found: { title: string; d: number }[] = [];
  for (const [key, cards] of index.byTitle) {
    if (Math.abs(key.length - want.length) > allowed) continue;
    const d = key.includes(want) || want.includes(key) ? Math.abs(key.length - want.length) / 10 : editDistance(want, key, allowed);
    if (d <= allowed) found.push({ title: cards[0].title, d });
  }
  return found
    .sort((a, b) => a.d - b.d || a.title.localeCompare(b.title))
    .slice(0, max)
    .map((f) => f.title);
}

/** A collector of per-line problems: the first MAX_ERRORS kept, all counted. */
export function errorList() {
  const errors: DeckTextError[] = [];
  let count = 0;
  return {
    add(line: number, message: string) {
      count++;
      if (errors.length < MAX_ERRORS) errors.push({ line, message: line > 0 ? `Line ${line}: ${message}` : message });
    },
    get count() {
      return count;
    },
    failure(): { ok: false; errors: DeckTextError[]; message: string } {
      const more = count - errors.length;
      errors.sort((a, b) => a.line - b.line);
      return { ok: false, errors, message: `${count} ${count === 1 ? "line has" : "lines have"} a problem${more > 0 ? ` (first ${errors.length} shown)` : ""}; nothing was imported.` };
    },
  };
}
export type ErrorList = ReturnType<typeof errorList>;

function resolveOne(l: DeckLineIn, index: CatalogIndex, err: ErrorList): ParsedDeckLine | null {
  if (!/^\d+$/.test(l.quantity)) {
    err.add(l.line, `"${l.quantity.slice(0, 20)}" is not a quantity; start the line with a whole number from 1 to ${MAX_QUANTITY_PER_LINE}.`);
    return null;
  }
  const quantity = Number(l.quantity);
  if (quantity < 1 || quantity > MAX_QUANTITY_PER_LINE) {
    err.add(l.line, `quantity ${l.quantity} is out of range; use a whole number from 1 to ${MAX_QUANTITY_PER_LINE}.`);
    return null;
  }
  const title = l.title.trim();
  if (l.set && l.number && /^[A-Za-z0-9]+$/.test(l.set.trim()) && /^\d{1,6}$/.test(l.number.trim())) {
    const key = cardKey(l.set, Number(l.number));
    const card = index.byKey.get(key);
    if (!card) {
      const near = title ? closestTitles(title, index) : [];
      err.add(l.line, `no card ${key} in the catalog.${near.length ? ` Closest names: ${near.join(", ")}.` : ""}`);
      return null;
    }
    if (title && titleKey(title) !== titleKey(card.title)) {
      err.add(l.line, `${key} is "${card.title}", not "${title.slice(0, 60)}".`);
      return null;
    }
    return { card, quantity };
  }
  if (!title) {
    err.add(l.line, "the card is missing after the quantity.");
    return null;
  }
  const candidates = index.byTitle.get(titleKey(title)) ?? [];
  if (candidates.length === 0) {
    const near = closestTitles(title, index);
    err.add(l.line, `no card titled "${title.slice(0, 60)}".${near.length ? ` Closest names: ${near.join(", ")}.` : ""}`);
    return null;
  }
  if (candidates.length > 1) {
    err.add(l.line, `"${candidates[0].title}" has ${candidates.length} printings: ${candidates.map(describe).join(", ")}. Add one key, e.g. "${quantity} ${candidates[0].title} [${candidates[0].key}]".`);
    return null;
  }
  return { card: candidates[0], quantity };
}

/** Resolves read lines against the catalog; `err` may already hold problems found while reading the file. */
export function resolveDeckLines(lines: readonly DeckLineIn[], index: CatalogIndex, err: ErrorList, name?: string): ResolvedDeck {
  const picked = new Map<string, ParsedDeckLine>();
  for (const l of lines) {
    const r = resolveOne(l, index, err);
    if (!r) continue;
    const prev = picked.get(r.card.id);
    if (prev) prev.quantity += r.quantity;
    else picked.set(r.card.id, { ...r });
  }
  if (err.count > 0) return err.failure();
  if (picked.size === 0) return { ok: false, errors: [], message: "The deck text lists no cards." };
  return name === undefined ? { ok: true, cards: [...picked.values()] } : { ok: true, cards: [...picked.values()], name };
}

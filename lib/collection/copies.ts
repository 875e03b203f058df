/**
 * What a copy can record beyond its card: condition, language, printing
 * variant, purchase price and date, and a note, all optional; and the names
 * other tools use for them, read into Ringbinder's. Pure: no database.
 */

/** The usual grading scale, best first; "" when not recorded. */
export const CONDITIONS = ["NM", "LP", "MP", "HP", "DMG"] as const;
export type Condition = (typeof CONDITIONS)[number];
export const CONDITION_LABELS: Record<Condition, string> = { NM: "Near mint", LP: "Lightly played", MP: "Moderately played", HP: "Heavily played", DMG: "Damaged" };

export const MAX_LANGUAGE = 24;
export const MAX_PRINTING = 40;
export const MAX_NOTE = 200;
export const MAX_BINDER_NAME = 40;
/** Most binders a user may name. */
export const MAX_BINDERS = 100;
/** Highest purchase price per copy: 1,000,000.00. */
export const MAX_PRICE_CENTS = 100_000_000;

/** A copy's details; every field is optional ("" or null when not recorded). */
export type CopyDetails = { condition: Condition | ""; language: string; printing: string; priceCents: number | null; purchasedOn: string; note: string };
export const NO_DETAILS: CopyDetails = { condition: "", language: "", printing: "", priceCents: null, purchasedOn: "", note: "" };

export function hasDetails(d: CopyDetails): boolean {
  return d.condition !== "" || d.language !== "" || d.printing !== "" || d.priceCents !== null || d.purchasedOn !== "" || d.note !== "";
}

/** Two lots with the same binder and details are one lot. */
export function sameDetails(a: CopyDetails, b: CopyDetails): boolean {
  return a.condition === b.condition && a.language === b.language && a.printing === b.printing && a.priceCents === b.priceCents && a.purchasedOn === b.purchasedOn && a.note === b.note;
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");

/** Condition names of Deckbox, Dragon Shield, ManaBox and TCGplayer (squashed to letters) onto the scale. */
const CONDITION_ALIASES: Record<string, Condition> = {
  nm: "NM", m: "NM", mint: "NM", nearmint: "NM", nearmintfoil: "NM",
  lp: "LP", ex: "LP", excellent: "LP", lightlyplayed: "LP", lightplayed: "LP", goodlightlyplayed: "LP", lightlyplayedfoil: "LP", sp: "LP",
  mp: "MP", gd: "MP", good: "MP", played: "MP", pl: "MP", moderatelyplayed: "MP", moderatelyplayedfoil: "MP",
  hp: "HP", heavilyplayed: "HP", heavilyplayedfoil: "HP",
  dmg: "DMG", d: "DMG", damaged: "DMG", damagedfoil: "DMG", poor: "DMG", pr: "DMG",
};

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export function parseCondition(raw: string): Parsed<Condition | ""> {
  const s = raw.trim();
  if (!s) return { ok: true, value: "" };
  const c = CONDITION_ALIASES[squash(s)];
  return c ? { ok: true, value: c } : { ok: false, message: `Condition "${s.slice(0, 40)}" is not one of ${CONDITIONS.join(", ")} (or a name such as "Near Mint").` };
}

/** Two-letter codes (ManaBox, Scryfall) written as the language's name, so one language reads one way. */
const LANGUAGE_CODES: Record<string, string> = {
  en: "English", ja: "Japanese", jp: "Japanese", de: "German", fr: "French", it: "Italian", es: "Spanish", pt: "Portuguese", ko: "Korean", ru: "Russian", zh: "Chinese", zhs: "Chinese", zht: "Chinese",
};

function capitalised(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function parseLanguage(raw: string): Parsed<string> {
  const s = raw.trim().replace(/\s+/g, " ");
  if (s.length > MAX_LANGUAGE) return { ok: false, message: `Language is at most ${MAX_LANGUAGE} characters.` };
  return { ok: true, value: LANGUAGE_CODES[s.toLowerCase()] ?? capitalised(s) };
}

/** The regular printing is "": other tools write it "Normal", "non-foil" or "false". */
export function parsePrinting(raw: string): Parsed<string> {
  const s = raw.trim().replace(/\s+/g, " ");
  if (s.length > MAX_PRINTING) return { ok: false, message: `Printing is at most ${MAX_PRINTING} characters.` };
  const key = s.toLowerCase();
  if (["", "normal", "regular", "nonfoil", "non-foil", "false", "no", "0"].includes(key)) return { ok: true, value: "" };
  if (["foil", "true", "yes", "1"].includes(key)) return { ok: true, value: "Foil" };
  return { ok: true, value: capitalised(s) };
}

/** "0.25", "$1.50", "1,50 €", "2" → cents; "" → not recorded. */
export function parsePrice(raw: string): Parsed<number | null> {
  const s = raw.trim();
  if (!s) return { ok: true, value: null };
  const m = /^[^\d.,-]{0,4}\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*[^\d]{0,4}$/.exec(s);
  if (!m) return { ok: false, message: `Price "${s.slice(0, 40)}" is not an amount such as 0.25.` };
  const cents = Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
  if (cents > MAX_PRICE_CENTS) return { ok: false, message: "Price is at most 1,000,000.00." };
  return { ok: true, value: cents };
}

/** "2024-05-01", "2024/05/01" or an ISO timestamp → "2024-05-01"; "" → not recorded. */
export function parseDate(raw: string): Parsed<string> {
  const s = raw.trim();
  if (!s) return { ok: true, value: "" };
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(y, mo - 1, d));
    if (y >= 1990 && y <= 2100 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d) return { ok: true, value: `${m[1]}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}` };
  }
  return { ok: false, message: `Date "${s.slice(0, 40)}" is not a date such as 2024-05-01.` };
}

export function parseNote(raw: string): Parsed<string> {
  const s = raw.trim().replace(/\s+/g, " ");
  return s.length > MAX_NOTE ? { ok: false, message: `Note is at most ${MAX_NOTE} characters.` } : { ok: true, value: s };
}

export function parseBinderName(raw: string): Parsed<string> {
  const s = raw.trim().replace(/\s+/g, " ");
  return s.length > MAX_BINDER_NAME ? { ok: false, message: `Binder name is at most ${MAX_BINDER_NAME} characters.` } : { ok: true, value: s };
}

/** Reads every detail of a copy; the messages of the fields that are not valid. */
export function parseDetails(raw: { condition?: string; language?: string; printing?: string; price?: string; date?: string; note?: string }): { ok: true; value: CopyDetails } | { ok: false; messages: string[] } {
  const condition = parseCondition(raw.condition ?? "");
  const language = parseLanguage(raw.language ?? "");
  const printing = parsePrinting(raw.printing ?? "");
  const price = parsePrice(raw.price ?? "");
  const date = parseDate(raw.date ?? "");
  const note = parseNote(raw.note ?? "");
  const all = [condition, language, printing, price, date, note];
  const messages = all.flatMap((p) => (p.ok ? [] : [p.message]));
  if (messages.length || !condition.ok || !language.ok || !printing.ok || !price.ok || !date.ok || !note.ok) return { ok: false, messages };
  return { ok: true, value: { condition: condition.value, language: language.value, printing: printing.value, priceCents: price.value, purchasedOn: date.value, note: note.value } };
}

/** Cents as "0.25" (no currency: the owner's own). */
export function formatPrice(cents: number | null): string {
  return cents === null ? "" : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** "NM · Japanese · Foil · 2.00 · 2024-06-12" for a lot's line. */
export function describeDetails(d: CopyDetails): string {
  return [d.condition, d.language, d.printing, formatPrice(d.priceCents), d.purchasedOn, d.note].filter(Boolean).join(" · ");
}

/**
 * How a deck line's copies stand against the owner's collection: `free` are
 * owned and not held by another deck (copies reserved for this deck count
 * here), `elsewhere` are owned but reserved by another deck, `missing` are
 * not owned at all. The three add up to `need`.
 */
export function copyStates(need: number, owned: number, elsewhere: number): { free: number; elsewhere: number; missing: number } {
  const held = Math.min(Math.max(0, elsewhere), owned);
  const free = Math.min(need, owned - held);
  const busy = Math.min(need - free, held);
  return { free, elsewhere: busy, missing: need - free - busy };
}

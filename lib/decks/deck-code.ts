import { MAX_QUANTITY_PER_LINE } from "./rules";
import type { DeckListEntry } from "./types";

/**
 * Deck codes: a whole deck list in a short URL-safe string, no database row.
 *
 * Layout (bytes, then base64url without padding):
 *   version (1) | set count (varint) | for each set, sorted by code:
 *   code length (1 byte) + ASCII code | entry count (varint) |
 *   for each entry, sorted by number: number delta from the previous (varint, >= 1) | quantity (varint, 1..99)
 * The canonical list (merged, sorted) round-trips exactly.
 */
export const DECK_CODE_VERSION = 1;
/** Longest deck code decoded, in characters. */
export const MAX_DECK_CODE_CHARS = 4_000;
const MAX_ENTRIES = 1_000;

export class DeckCodeError extends Error {
  readonly code = "deck/bad-code";
}

/** Merges duplicate printings and sorts by set code then number: the form a code round-trips to. */
export function canonicalDeckList(entries: readonly DeckListEntry[]): DeckListEntry[] {
  const merged = new Map<string, DeckListEntry>();
  for (const e of entries) {
    const set = e.set.toUpperCase();
    const id = `${set}\u0000${e.number}`;
    const prev = merged.get(id);
    if (prev) prev.quantity += e.quantity;
    else merged.set(id, { set, number: e.number, quantity: e.quantity });
  }
  return [...merged.values()].sort((a, b) => (a.set < b.set ? -1 : a.set > b.set ? 1 : a.number - b.number));
}

function pushVarint(out: number[], n: number) {
  let v = n;
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function toBase64url(bytes: number[]): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i];
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    s += B64[b0 >> 2];
    s += B64[((b0 & 3) << 4) | ((b1 ?? 0) >> 4)];
    if (b1 !== undefined) s += B64[((b1 & 15) << 2) | ((b2 ?? 0) >> 6)];
    if (b2 !== undefined) s += B64[b2 & 63];
  }
  return s;
}

function fromBase64url(s: string): number[] {
  if (s.length % 4 === 1) throw new DeckCodeError("This deck code is cut short or has extra characters.");
  const out: number[] = [];
  let buf = 0;
  let bits = 0;
  for (const ch of s) {
    const v = B64.indexOf(ch);
    if (v < 0) throw new DeckCodeError(`This deck code contains "${ch}", which never appears in a deck code.`);
    buf = (buf << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((buf >> bits) & 0xff);
    }
  }
  if (bits > 0 && (buf & ((1 << bits) - 1)) !== 0) throw new DeckCodeError("This deck code has stray bits at its end.");
  return out;
}

/** Encodes a deck list as a deck code. Throws DeckCodeError for lists no code can hold. */
export function encodeDeckCode(entries: readonly DeckListEntry[]): string {
  const list = canonicalDeckList(entries);
  if (list.length === 0) throw new DeckCodeError("An empty deck has no deck code.");
  if (list.length > MAX_ENTRIES) throw new DeckCodeError(`A deck code holds at most ${MAX_ENTRIES} printings.`);
  const bySet = new Map<string, DeckListEntry[]>();
  for (const e of list) {
    if (!/^[A-Z0-9]{1,16}$/.test(e.set)) throw new DeckCodeError(`Set code "${e.set}" cannot go into a deck code.`);
    if (!Number.isInteger(e.number) || e.number < 1 || e.number > 1_000_000) throw new DeckCodeError(`Card number ${e.number} cannot go into a deck code.`);
    if (!Number.isInteger(e.quantity) || e.quantity < 1 || e.quantity > MAX_QUANTITY_PER_LINE) throw new DeckCodeError(`Quantity ${e.quantity} cannot go into a deck code.`);
    const l = bySet.get(e.set) ?? [];
    l.push(e);
    bySet.set(e.set, l);
  }
  const out: number[] = [DECK_CODE_VERSION];
  pushVarint(out, bySet.size);
  for (const [set, entries] of bySet) {
    out.push(set.length);
    for (const ch of set) out.push(ch.charCodeAt(0));
    pushVarint(out, entries.length);
    let prev = 0;
    for (const e of entries) {
      pushVarint(out, e.number - prev);
      pushVarint(out, e.quantity);
      prev = e.number;
    }
  }
  return toBase64url(out);
}

/** Decodes a deck code to its canonical list. Throws DeckCodeError with a reason for malformed codes. */
export function decodeDeckCode(code: string): DeckListEntry[] {
  const s = code.trim();
  if (!s) throw new DeckCodeError("The deck code is empty.");
  if (s.length > MAX_DECK_CODE_CHARS) throw new DeckCodeError(`The deck code is longer than ${MAX_DECK_CODE_CHARS} characters.`);
  const bytes = fromBase64url(s);
  let pos = 0;
  const byte = () => {
    if (pos >= bytes.length) throw new DeckCodeError("This deck code is cut short.");
    return bytes[pos++];
  };
  const varint = () => {
    let result = 0;
    let mul = 1;
    for (let i = 0; i < 4; i++) {
      const b = byte();
      result += (b & 0x7f) * mul;
      if ((b & 0x80) === 0) {
        if (i > 0 && b === 0) throw new DeckCodeError("This deck code is not in canonical form.");
        return result;
      }
      mul *= 128;
    }
    throw new DeckCodeError("This deck code holds a number that is too large.");
  };
  const version = byte();
  if (version !== DECK_CODE_VERSION) throw new DeckCodeError(`This deck code has version ${version}; this app reads version ${DECK_CODE_VERSION}.`);
  const sets = varint();
  if (sets < 1 || sets > 64) throw new DeckCodeError("This deck code names an impossible number of sets.");
  const out: DeckListEntry[] = [];
  let prevSet = "";
  for (let i = 0; i < sets; i++) {
    const len = byte();
    if (len < 1 || len > 16) throw new DeckCodeError("This deck code has a malformed set code.");
    let set = "";
    for (let j = 0; j < len; j++) set += String.fromCharCode(byte());
    if (!/^[A-Z0-9]+$/.test(set)) throw new DeckCodeError("This deck code has a malformed set code.");
    if (set <= prevSet) throw new DeckCodeError("This deck code is not in canonical form (sets out of order).");
    prevSet = set;
    const count = varint();
    if (count < 1 || out.length + count > MAX_ENTRIES) throw new DeckCodeError("This deck code lists an impossible number of cards.");
    let number = 0;
    for (let j = 0; j < count; j++) {
      const delta = varint();
      if (delta < 1) throw new DeckCodeError("This deck code is not in canonical form (card numbers out of order).");
      number += delta;
      if (number > 1_000_000) throw new DeckCodeError("This deck code has a card number out of range.");
      const quantity = varint();
      if (quantity < 1 || quantity > MAX_QUANTITY_PER_LINE) throw new DeckCodeError(`This deck code has a quantity of ${quantity}; quantities run from 1 to ${MAX_QUANTITY_PER_LINE}.`);
      out.push({ set, number, quantity });
    }
  }
  if (pos !== bytes.length) throw new DeckCodeError("This deck code has extra data at its end.");
  return out;
}

/** Decodes without throwing: the list or a reason. */
export function tryDecodeDeckCode(code: string): { ok: true; entries: DeckListEntry[] } | { ok: false; message: string } {
  try {
    return { ok: true, entries: decodeDeckCode(code) };
  } catch (e) {
    if (e instanceof DeckCodeError) return { ok: false, message: e.message };
    throw e;
  }
}

/**
 * Card data for the playtest board: catalog cards (from the database, through
 * lib/dal) turned into the engine's card definitions, and the starter decks'
 * card lists (data/starter-decks). Pure: usable on the server (pages) and in tests.
 */
import chaotixMix from "@/data/starter-decks/chaotix-mix.json";
import eggmanEmpire from "@/data/starter-decks/eggman-empire.json";
import teamSonicSpeed from "@/data/starter-decks/team-sonic-speed.json";
import { cardKey } from "@/lib/catalog/keys";
import type { CardDTO } from "@/lib/catalog/card-types";
import { parseEffect, type CardDef, type Color } from "@/lib/engine";

/**
 * A card definition as the board uses it: the engine's `CardDef` plus the
 * catalog fields the board displays (the engine carries and ignores them).
 */
export interface BoardCardDef extends CardDef {
  key: string;
  rarity: string;
  text: string;
  unofficial: boolean;
  /**
   * Why a stored structured effect is not used: it failed the engine's
   * validation (effectSchema), so the card plays as vanilla. Null otherwise.
   */
  effectError: string | null;
}

/** A starter deck as listed in the deck picker. */
export interface StarterDeck {
  slug: string;
  name: string;
  description: string;
  size: number;
}

type RawDeck = { slug: string; name: string; description: string; cards: { set: string; number: number; quantity: number }[] };

const STARTERS: RawDeck[] = [teamSonicSpeed, eggmanEmpire, chaotixMix];

/** The catalog fields a board card is built from (a subset of {@link CardDTO}). */
export type CatalogCardFields = Pick<CardDTO, "set" | "number" | "title" | "colors" | "rings" | "traits" | "rarity" | "text" | "effect" | "unofficial">;

/**
 * A catalog card as the engine's card definition. Its stored structured effect
 * is validated (and its defaults filled) with the engine's effect schema; an
 * effect that fails validation is dropped (the card plays as vanilla) and the
 * reason kept in `effectError`, so the board can flag it (RULES.md §6).
 */
export function boardCardFromCatalog(c: CatalogCardFields): BoardCardDef {
  let effect: CardDef["effect"] = null;
  let effectError: string | null = null;
  if (c.effect !== null && c.effect !== undefined) {
    const r = parseEffect(c.effect);
    if (r.ok) effect = r.effect;
    else effectError = r.error;
  }
  return {
    title: c.title,
    colors: c.colors as Color[],
    rings: c.rings,
    traits: c.traits.slice(),
    effect,
    key: cardKey(c.set, c.number),
    rarity: c.rarity,
    text: c.text,
    unofficial: c.unofficial,
    effectError,
  };
}

/** Board cards by card key ("DEMO-007"): what a deck's keys resolve against. */
export type CardCatalog = ReadonlyMap<string, BoardCardDef>;

/** The starter decks, always available on the board. */
export function starterDecks(): StarterDeck[] {
  return STARTERS.map((d) => ({ slug: d.slug, name: d.name, description: d.description, size: d.cards.reduce((n, c) => n + c.quantity, 0) }));
}

/** A starter deck's card keys, one entry per copy, in list order (the order fixes per-game card ids). */
export function starterDeckKeys(slug: string): string[] | null {
  const d = STARTERS.find((x) => x.slug === slug);
  if (!d) return null;
  const out: string[] = [];
  for (const c of d.cards) for (let i = 0; i < c.quantity; i++) out.push(cardKey(c.set, c.number));
  return out;
}

/** Error codes of {@link resolveCardKeys}. */
export type CardResolveError = { code: "deck/unknown-card"; reason: string; missing: string[] };

/** Resolve card keys to board card definitions through a catalog; names every unknown key. */
export function resolveCardKeys(keys: readonly string[], catalog: CardCatalog): { ok: true; cards: BoardCardDef[] } | { ok: false; error: CardResolveError } {
  const cards: BoardCardDef[] = [];
  const missing: string[] = [];
  for (const k of keys) {
    const c = catalog.get(k);
    if (!c) {
      if (!missing.includes(k)) missing.push(k);
    } else cards.push(c);
  }
  if (missing.length)
    return {
      ok: false,
      error: {
        code: "deck/unknown-card",
        missing,
        reason: `${missing.length === 1 ? "Card" : "Cards"} ${missing.map((k) => JSON.stringify(k)).join(", ")} ${missing.length === 1 ? "is" : "are"} not in the card catalog (deleted, or never added).`,
      },
    };
  return { ok: true, cards };
}

/** Run-length encode card keys in order: ["DEMO-001*3", "DEMO-002"]. */
export function compressKeys(keys: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < keys.length) {
    let j = i + 1;
    while (j < keys.length && keys[j] === keys[i]) j++;
    out.push(j - i === 1 ? keys[i] : `${keys[i]}*${j - i}`);
    i = j;
  }
  return out;
}

/** Inverse of {@link compressKeys}; null for a malformed entry or a list over `max` cards. */
export function expandKeys(entries: readonly string[], max = 500): string[] | null {
  const out: string[] = [];
  for (const e of entries) {
    const m = /^([A-Za-z0-9][A-Za-z0-9-]{0,11}-\d{1,5})(?:\*(\d{1,3}))?$/.exec(e);
    if (!m) return null;
    const n = m[2] ? Number(m[2]) : 1;
    if (n < 1 || out.length + n > max) return null;
    for (let i = 0; i < n; i++) out.push(m[1]);
  }
  return out;
}

/** Card keys of a deck list (set, number, quantity), one per copy, in list order. */
export function deckListKeys(entries: readonly { set: string; number: number; quantity: number }[]): string[] {
  const out: string[] = [];
  for (const e of entries) for (let i = 0; i < e.quantity; i++) out.push(cardKey(e.set, e.number));
  return out;
}

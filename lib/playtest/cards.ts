/**
 * Card data for the playtest board: the unofficial demo set and the starter
 * decks (data/), resolved to the engine's card definitions. Pure: usable on
 * the server (pages) and in tests.
 */
import demoSet from "@/data/demo-set.json";
import chaotixMix from "@/data/starter-decks/chaotix-mix.json";
import eggmanEmpire from "@/data/starter-decks/eggman-empire.json";
import teamSonicSpeed from "@/data/starter-decks/team-sonic-speed.json";
import { cardKey } from "@/lib/cards/keys";
import type { CardDef, Color } from "@/lib/engine";

/**
 * A card definition as the board uses it: the engine's `CardDef` plus the
 * catalog fields the board displays (the engine carries and ignores them).
 */
export interface BoardCardDef extends CardDef {
  key: string;
  rarity: string;
  text: string;
  unofficial: boolean;
}

/** A starter deck as listed in the deck picker. */
export interface StarterDeck {
  slug: string;
  name: string;
  description: string;
  size: number;
}

type RawCard = (typeof demoSet.cards)[number];
type RawDeck = { slug: string; name: string; description: string; cards: { set: string; number: number; quantity: number }[] };

const STARTERS: RawDeck[] = [teamSonicSpeed, eggmanEmpire, chaotixMix];

function toDef(c: RawCard): BoardCardDef {
  return {
    title: c.title,
    colors: c.colors as Color[],
    rings: c.rings,
    traits: c.traits,
    effect: (c.effect ?? null) as CardDef["effect"],
    key: cardKey(demoSet.set.code, c.number),
    rarity: c.rarity,
    text: c.text,
    unofficial: demoSet.set.unofficial === true,
  };
}

let byKey: Map<string, BoardCardDef> | null = null;

/** The demo set's cards by key ("DEMO-007"). */
export function cardsByKey(): Map<string, BoardCardDef> {
  if (byKey === null) byKey = new Map(demoSet.cards.map((c) => [cardKey(demoSet.set.code, c.number), toDef(c)]));
  return byKey;
}

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
export type CardResolveError = { code: "deck/unknown-card"; reason: string };

/** Resolve card keys to board card definitions; names the first unknown key. */
export function resolveCardKeys(keys: readonly string[]): { ok: true; cards: BoardCardDef[] } | { ok: false; error: CardResolveError } {
  const map = cardsByKey();
  const cards: BoardCardDef[] = [];
  for (const k of keys) {
    const c = map.get(k);
    if (!c) return { ok: false, error: { code: "deck/unknown-card", reason: `Card ${JSON.stringify(k)} is not in the card data the board plays with (the unofficial demo set).` } };
    cards.push(c);
  }
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
    const m = /^([A-Za-z0-9]{1,12}-\d{1,4})(?:\*(\d{1,3}))?$/.exec(e);
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

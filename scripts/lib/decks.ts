/**
 * Deck loading for the engine CLIs: a starter-deck file (`{ cards: [{ set,
 * number, quantity }] }` resolved against data/demo-set.json) or a plain JSON
 * list of card definitions, into the engine's CardDef[].
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { CardDef } from "../../lib/engine";

/** The repository root (the working directory when it holds data/, else two levels above this file). */
export const ROOT = existsSync(path.join(process.cwd(), "data/demo-set.json")) ? process.cwd() : path.resolve(__dirname, "../..");

interface CatalogCard extends CardDef {
  number: number;
}

interface DemoSet {
  set: { code: string };
  cards: CatalogCard[];
}

/** The demo set's cards by set code and number. */
export function loadCatalog(file = path.join(ROOT, "data/demo-set.json")): Record<string, CatalogCard> {
  const set = JSON.parse(readFileSync(file, "utf8")) as DemoSet;
  const out: Record<string, CatalogCard> = {};
  for (const c of set.cards) out[`${set.set.code}#${c.number}`] = c;
  return out;
}

/** Turn parsed deck JSON (a starter deck or a CardDef list) into CardDef[], one entry per copy. */
export function toCardDefs(json: unknown, catalog: Record<string, CatalogCard> = loadCatalog()): CardDef[] {
  if (Array.isArray(json)) {
    return json.map((c, i) => {
      if (typeof c !== "object" || c === null || typeof c.title !== "string") throw new Error(`card ${i}: expected a card definition with a title`);
      return c as CardDef;
    });
  }
  const deck = json as { cards?: { set: string; number: number; quantity?: number }[] };
  if (!deck || !Array.isArray(deck.cards)) throw new Error("expected a starter deck ({ cards: [{ set, number, quantity }] }) or a list of card definitions");
  const out: CardDef[] = [];
  for (const e of deck.cards) {
    const c = catalog[`${e.set}#${e.number}`];
    if (!c) throw new Error(`unknown card ${e.set} #${e.number}`);
    for (let i = 0; i < (e.quantity ?? 1); i++) out.push(c);
  }
  return out;
}

/** Read a deck file (starter deck or CardDef list), or a starter-deck slug from data/starter-decks. */
export function loadDeck(fileOrSlug: string): CardDef[] {
  let file = fileOrSlug;
  try {
    readFileSync(file);
  } catch {
    file = path.join(ROOT, "data/starter-decks", `${fileOrSlug.replace(/\.json$/, "")}.json`);
  }
  return toCardDefs(JSON.parse(readFileSync(file, "utf8")));
}

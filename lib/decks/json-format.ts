import { z } from "zod";
import { MAX_QUANTITY_PER_LINE } from "./rules";
import { cardKey } from "@/lib/catalog/keys";
import type { CatalogIndex } from "./catalog-index";
import type { DeckCatalogCard } from "./types";

/** Largest deck JSON accepted, in characters. */
export const MAX_DECK_JSON_CHARS = 200_000;
export const DECK_JSON_FORMAT = "ringbinder-deck";

const entrySchema = z.object({
  set: z.string().trim().min(1).max(16).regex(/^[A-Za-z0-9]+$/, "set codes are letters and digits"),
  number: z.number().int().min(1).max(100_000),
  quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_LINE),
  title: z.string().max(200).optional(),
});

/** The JSON deck document: same shape as data/starter-decks/*.json, plus a format tag. */
export const deckJsonSchema = z.object({
  format: z.literal(DECK_JSON_FORMAT).optional(),
  version: z.literal(1).optional(),
  name: z.string().trim().min(1).max(100).default("Imported deck"),
  description: z.string().max(5000).default(""),
  cards: z.array(entrySchema).min(1, "the deck lists no cards").max(1000),
});

export type ParseDeckJsonResult =
  | { ok: true; name: string; description: string; cards: { card: DeckCatalogCard; quantity: number }[] }
  | { ok: false; message: string; errors: { line: number; message: string }[] };

/** Parses and resolves a deck JSON document against the catalog. Errors name the entry (cards[3]). */
export function parseDeckJson(text: string, index: CatalogIndex): ParseDeckJsonResult {
  if (text.length > MAX_DECK_JSON_CHARS) {
    return { ok: false, errors: [], message: `The deck JSON is ${text.length.toLocaleString("en")} characters long; at most ${MAX_DECK_JSON_CHARS.toLocaleString("en")} are accepted.` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, errors: [], message: `This is not valid JSON: ${(e as Error).message}` };
  }
  const parsed = deckJsonSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = parsed.error.issues.slice(0, 25).map((i) => ({ line: 0, message: `${i.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("").replace(/^\./, "") || "document"}: ${i.message}` }));
    return { ok: false, errors, message: "The deck JSON does not have the expected shape; nothing was imported." };
  }
  const errors: { line: number; message: string }[] = [];
  const picked = new Map<string, { card: DeckCatalogCard; quantity: number }>();
  parsed.data.cards.forEach((e, i) => {
    const key = cardKey(e.set, e.number);
    const card = index.byKey.get(key);
    if (!card) {
      errors.push({ line: 0, message: `cards[${i}]: no card ${key} in the catalog.` });
      return;
    }
    const prev = picked.get(card.id);
    if (prev) prev.quantity += e.quantity;
    else picked.set(card.id, { card, quantity: e.quantity });
  });
  if (errors.length) return { ok: false, errors: errors.slice(0, 25), message: `${errors.length} ${errors.length === 1 ? "entry names" : "entries name"} an unknown card; nothing was imported.` };
  return { ok: true, name: parsed.data.name, description: parsed.data.description, cards: [...picked.values()] };
}

/** Writes the JSON deck document. */
export function formatDeckJson(deck: { name: string; description: string; cards: readonly { set: string; number: number; title: string; quantity: number }[] }): string {
  const doc = {
    format: DECK_JSON_FORMAT,
    version: 1,
    name: deck.name,
    description: deck.description,
    cards: [...deck.cards]
      .sort((a, b) => a.set.localeCompare(b.set) || a.number - b.number)
      .map((c) => ({ set: c.set, number: c.number, quantity: c.quantity, title: c.title })),
  };
  return JSON.stringify(doc, null, 2) + "\n";
}

import { cardKey, titleKey } from "@/lib/catalog/keys";
import type { DeckCatalogCard } from "./types";

/** Lookups the importers need: by "SET-NUM" key (case-insensitive) and by title key. */
export type CatalogIndex = {
  byKey: Map<string, DeckCatalogCard>;
  byId: Map<string, DeckCatalogCard>;
  byTitle: Map<string, DeckCatalogCard[]>;
};

export function buildCatalogIndex(cards: readonly DeckCatalogCard[]): CatalogIndex {
  const byKey = new Map<string, DeckCatalogCard>();
  const byId = new Map<string, DeckCatalogCard>();
  const byTitle = new Map<string, DeckCatalogCard[]>();
  for (const c of cards) {
    byKey.set(cardKey(c.set, c.number), c);
    byId.set(c.id, c);
    const tk = titleKey(c.title);
    const list = byTitle.get(tk) ?? [];
    list.push(c);
    byTitle.set(tk, list);
  }
  return { byKey, byId, byTitle };
}

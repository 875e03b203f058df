"use client";

import { CardGrid, type CardTile } from "@/components/catalog/card-grid";

/**
 * The results of a card list page, rendered from compact card data: the page's
 * payload carries each card's fields once instead of its whole drawn markup.
 */
export function CardResults({ cards, view }: { cards: CardTile[]; view: "grid" | "list" }) {
  return <CardGrid cards={cards} view={view} />;
}

"use client";

import { CardGrid, type CardTile } from "@/components/catalog/card-grid";
import { QuantityControl } from "@/components/collection/quantity-control";
import { PLAYSET } from "@/lib/collection/schemas";

/** A card of the collection page: its tile fields and the copies the signed-in user owns. */
export type CollectionTile = CardTile & { quantity: number };

/**
 * One page of the collection, rendered from compact card data (the page's
 * payload carries each card's fields once, not its drawn markup): the card,
 * an owned badge, the − / typed / + quantity control, and the tradeable extras.
 */
export function CollectionResults({ cards, view }: { cards: CollectionTile[]; view: "grid" | "list" }) {
  return (
    <CardGrid
      cards={cards}
      view={view}
      label="Your cards"
      renderActions={(card) => (
        <div data-testid={`collection-card-${card.key}`}>
          <QuantityControl cardId={card.id} label={`${card.title} (${card.key})`} quantity={card.quantity} />
          {card.quantity > PLAYSET && <p className="mt-1 text-center text-xs font-semibold text-emerald-700">+{card.quantity - PLAYSET} tradeable</p>}
        </div>
      )}
      renderBadge={(card) =>
        card.quantity > 0 ? (
          <span className="rounded-full bg-blue-700 px-2 py-0.5 text-xs font-bold text-white shadow" aria-label={`${card.quantity} owned`}>
            ×{card.quantity}
          </span>
        ) : null
      }
    />
  );
}

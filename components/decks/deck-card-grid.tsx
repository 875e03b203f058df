import { CardFace } from "@/components/catalog/card-face";
import type { CardDTO } from "@/lib/catalog/card-types";
import { OwnedCountsProvider, OwnedMark } from "@/components/decks/owned-marks";

/**
 * A deck drawn as cards, each with its number of copies and owned copies:
 * given by the server when known, or (`ownedFromBrowser`, on cached pages)
 * asked for by the signed-in visitor's browser. When printing, the plain list
 * (./print-deck-list) takes its place once built; without JavaScript the grid
 * itself prints.
 */
export function DeckCardGrid({ entries, ownedFromBrowser = false }: { entries: { card: CardDTO; quantity: number; owned: number | null }[]; ownedFromBrowser?: boolean }) {
  if (entries.length === 0) return <p className="panel text-slate-600">This deck has no cards yet.</p>;
  const grid = (
    <ul className="deck-print-grid grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6" aria-label="Cards in the deck">
      {entries.map((e) => (
        <li key={e.card.id} className="relative" data-card-zoom={e.card.key}>
          <CardFace card={e.card} size="sm" />
          <span className="absolute -right-1 -top-1 grid h-7 min-w-7 place-items-center rounded-full bg-blue-900 px-1 text-sm font-bold text-white shadow" aria-label={`${e.quantity} copies`}>
            ×{e.quantity}
          </span>
          {ownedFromBrowser && <OwnedMark cardId={e.card.id} quantity={e.quantity} />}
          {e.owned !== null && (
            <span className={`mt-1 block text-center text-xs ${e.owned >= e.quantity ? "text-green-700" : "text-red-700"}`}>
              {e.owned >= e.quantity ? `own ${e.owned}` : `own ${e.owned}, missing ${e.quantity - e.owned}`}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
  return ownedFromBrowser ? <OwnedCountsProvider cardIds={entries.map((e) => e.card.id)}>{grid}</OwnedCountsProvider> : grid;
}

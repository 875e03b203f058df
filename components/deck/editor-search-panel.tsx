"use client";

import { Suspense, useEffect, useId, useState, useTransition } from "react";
import { searchCardsForEditor } from "@/lib/actions/decks";
import type { CardDTO } from "@/lib/cards/types";
import { CardSearchBox } from "@/components/card/card-search-box";
import { CardGrid } from "@/components/card/card-grid";

export const CARD_DRAG_TYPE = "application/x-ringbinder-card";

/**
 * The catalog search beside the deck (the same query language and filter
 * controls as /cards), then add a card with a click, Enter, or by dragging it
 * onto the deck.
 */
export function EditorSearchPanel({
  owned,
  inDeck,
  facets,
  onAdd,
  onDragCard,
}: {
  owned: Record<string, number>;
  inDeck: Record<string, number>;
  facets: { traits: string[]; sets: string[] };
  onAdd: (card: CardDTO) => void;
  /** Called when a result starts being dragged, so the drop target can resolve the card id it receives. */
  onDragCard: (card: CardDTO) => void;
}) {
  const id = useId();
  const [q, setQ] = useState("");
  const [onlyOwned, setOnlyOwned] = useState(false);
  const [results, setResults] = useState<{ q: string; cards: CardDTO[]; total: number } | null>(null);
  const [error, setError] = useState("");
  const [pending, start] = useTransition();

  useEffect(() => {
    start(async () => {
      const r = await searchCardsForEditor(q, onlyOwned);
      if (r.ok) {
        setResults({ q, ...r.data });
        setError("");
      } else setError(r.message);
    });
  }, [q, onlyOwned]);

  const shown = results?.cards ?? [];
  return (
    <section aria-labelledby={`${id}-h`} className="panel flex min-w-0 flex-col gap-2">
      <h2 id={`${id}-h`} className="font-semibold">
        Add cards
      </h2>
      <div
        onKeyDownCapture={(e) => {
          const target = e.target as HTMLElement;
          if (e.key !== "Enter" || !(target instanceof HTMLInputElement) || target.type !== "search") return;
          // Enter on the query the results already show adds the first result.
          if (results && target.value === results.q && shown[0]) {
            e.preventDefault();
            onAdd(shown[0]);
          }
        }}
      >
        <Suspense fallback={null}>
          <CardSearchBox traits={facets.traits} sets={facets.sets} query={q} onQueryChange={setQ} debounceMs={250} label="Search the catalog" />
        </Suspense>
      </div>
      <p className="text-xs text-slate-500">Enter adds the first result. The Add buttons add one copy (click or Enter); you can also drag them onto the deck.</p>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={onlyOwned} onChange={(e) => setOnlyOwned(e.target.checked)} /> Only cards I own
      </label>
      <p aria-live="polite" className="text-xs text-slate-600">
        {error ? <span className="text-red-700">{error}</span> : pending && !results ? "Searching…" : results ? `${shown.length} shown${results.total > shown.length ? ` of ${results.total}` : ""}` : ""}
      </p>
      <div className="max-h-[70vh] overflow-y-auto" data-testid="search-results">
        {results && shown.length === 0 && !error ? (
          <p className="text-sm text-slate-600">{onlyOwned ? "No owned card matches." : "No card matches."}</p>
        ) : (
          <CardGrid
            cards={shown}
            view="list"
            linkToCard={false}
            label="Search results"
            renderBadge={(card) => (
              <span className="text-[11px] text-slate-600">
                {owned[card.id] ? `own ${owned[card.id]}` : "not owned"}
                {inDeck[card.id] ? <span className="ml-1 font-semibold text-blue-800">· {inDeck[card.id]} in deck</span> : null}
              </span>
            )}
            renderActions={(card) => (
              <button
                type="button"
                draggable
                onDragStart={(e) => {
                  onDragCard(card);
                  e.dataTransfer.setData(CARD_DRAG_TYPE, card.id);
                  e.dataTransfer.setData("text/plain", card.key);
                  e.dataTransfer.effectAllowed = "copy";
                }}
                onClick={() => onAdd(card)}
                className="btn-secondary cursor-grab px-2 py-1"
                aria-label={`Add ${card.title} ${card.key}`}
              >
                Add
              </button>
            )}
          />
        )}
      </div>
    </section>
  );
}

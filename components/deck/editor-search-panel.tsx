"use client";

import { useEffect, useId, useState, useTransition } from "react";
import { searchCardsForEditor } from "@/lib/actions/decks";
import type { CardDTO } from "@/lib/cards/types";
import { CardFace } from "@/components/card/card-face";

export const CARD_DRAG_TYPE = "application/x-ringbinder-card";

/**
 * The catalog search beside the deck: type a query (words, c:blue, r>=5,
 * t:robot), then add a card with a click, Enter, or by dragging it onto the deck.
 */
export function EditorSearchPanel({ owned, inDeck, onAdd }: { owned: Record<string, number>; inDeck: Record<string, number>; onAdd: (card: CardDTO) => void }) {
  const id = useId();
  const [q, setQ] = useState("");
  const [onlyOwned, setOnlyOwned] = useState(false);
  const [results, setResults] = useState<{ cards: CardDTO[]; total: number } | null>(null);
  const [error, setError] = useState("");
  const [pending, start] = useTransition();

  useEffect(() => {
    const timer = setTimeout(() => {
      start(async () => {
        const r = await searchCardsForEditor(q);
        if (r.ok) {
          setResults(r.data);
          setError("");
        } else setError(r.message);
      });
    }, 200);
    return () => clearTimeout(timer);
  }, [q]);

  const shown = (results?.cards ?? []).filter((c) => !onlyOwned || (owned[c.id] ?? 0) > 0);
  return (
    <section aria-labelledby={`${id}-h`} className="panel flex min-h-0 flex-col gap-2">
      <h2 id={`${id}-h`} className="font-semibold">
        Add cards
      </h2>
      <label htmlFor={`${id}-q`} className="label">
        Search the catalog
      </label>
      <input
        id={`${id}-q`}
        type="search"
        className="input"
        value={q}
        placeholder="e.g. sonic, c:blue r>=5, t:robot"
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            if (shown[0]) onAdd(shown[0]);
          }
        }}
        aria-describedby={`${id}-hint ${id}-status`}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        Enter adds the first result. Click a card or press Enter on it to add one copy; you can also drag it onto the deck.
      </p>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={onlyOwned} onChange={(e) => setOnlyOwned(e.target.checked)} /> Only cards I own
      </label>
      <p id={`${id}-status`} aria-live="polite" className="text-xs text-slate-600">
        {error ? <span className="text-red-700">{error}</span> : pending && !results ? "Searching…" : results ? `${shown.length} shown${results.total > results.cards.length ? ` of ${results.total}` : ""}` : ""}
      </p>
      <ul className="grid max-h-[70vh] grid-cols-2 gap-2 overflow-y-auto p-1 xl:grid-cols-3" aria-label="Search results" data-testid="search-results">
        {shown.map((card) => (
          <li key={card.id}>
            <button
              type="button"
              draggable
              onDragStart={(e) => {
                e.dataTransfer.setData(CARD_DRAG_TYPE, card.id);
                e.dataTransfer.setData("text/plain", card.key);
                e.dataTransfer.effectAllowed = "copy";
              }}
              onClick={() => onAdd(card)}
              className="block w-full rounded-xl text-left"
              aria-label={`Add ${card.title} ${card.key}${inDeck[card.id] ? ` (${inDeck[card.id]} in deck)` : ""}`}
              data-card-key={card.key}
            >
              <CardFace card={card} size="sm" />
              <span className="mt-0.5 flex justify-between px-1 text-[11px] text-slate-600">
                <span>{owned[card.id] ? `own ${owned[card.id]}` : "not owned"}</span>
                {inDeck[card.id] ? <span className="font-semibold text-blue-800">{inDeck[card.id]} in deck</span> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {results && shown.length === 0 && !error && <p className="text-sm text-slate-600">{onlyOwned ? "No owned card matches." : "No card matches."}</p>}
    </section>
  );
}

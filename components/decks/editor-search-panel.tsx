"use client";

import { Suspense, useEffect, useId, useRef, useState, useTransition } from "react";
import { searchCardsForEditor } from "@/lib/decks/actions";
import type { CardDTO } from "@/lib/catalog/card-types";
import { CardSearchBox } from "@/components/catalog/card-search-box";
import { frameBackground } from "@/components/catalog/card-face";
import { ringsText } from "@/lib/catalog/rings";

export const CARD_DRAG_TYPE = "application/x-ringbinder-card";

/** Results fetched per "Show more" (the server answers at most MAX). */
const PAGE = 60;
const MAX = 200;

/**
 * The catalog search beside the deck (the same query language and filter
 * controls as /cards), then add a card with a click, Enter, or by dragging it
 * onto the deck.
 */
export function EditorSearchPanel({
  owned,
  onOwned,
  inDeck,
  facets,
  onAdd,
  onDragCard,
}: {
  owned: Record<string, number>;
  /** Receives the user's copies of each page of results (ids without a count are owned 0 times). */
  onOwned: (ids: string[], counts: Record<string, number>) => void;
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
  // how many results to fetch: a new query starts again at one page
  const [take, setTake] = useState(PAGE);
  const [takeFor, setTakeFor] = useState(`${q}\u0000${onlyOwned}`);
  const searchKey = `${q}\u0000${onlyOwned}`;
  if (takeFor !== searchKey) {
    setTakeFor(searchKey);
    setTake(PAGE);
  }

  // Enter pressed before the results of the typed query arrived: the first of them is added when they do
  const addWhenShown = useRef<string | null>(null);
  const onAddRef = useRef(onAdd);
  useEffect(() => {
    onAddRef.current = onAdd;
  }, [onAdd]);

  useEffect(() => {
    start(async () => {
      const r = await searchCardsForEditor(q, onlyOwned, take);
      if (r.ok) {
        onOwned(r.data.cards.map((c) => c.id), r.data.owned);
        setResults({ q, cards: r.data.cards, total: r.data.total });
        setError("");
        if (addWhenShown.current !== null && addWhenShown.current === q.trim()) {
          addWhenShown.current = null;
          if (r.data.cards[0]) onAddRef.current(r.data.cards[0]);
        }
      } else setError(r.message);
    });
  }, [q, onlyOwned, take, onOwned]);

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
          // Enter on the query the results already show adds the first result; on a query still being
          // searched (typed faster than the debounce), its first result once it arrives: one Enter either way.
          if (results && target.value === results.q && shown[0]) {
            e.preventDefault();
            onAdd(shown[0]);
          } else if (target.value.trim()) addWhenShown.current = target.value.trim();
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
      <div className="max-h-[70vh] overflow-y-auto overscroll-contain" data-testid="search-results">
        {results && shown.length === 0 && !error ? (
          <p className="text-sm text-slate-600">{onlyOwned ? "No owned card matches." : "No card matches."}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Search results">
            {shown.map((card) => (
              <li key={card.id} className="flex items-center gap-2 py-1.5 text-sm" data-card-zoom={card.key}>
                <span className="grid h-7 w-7 shrink-0 place-items-center rounded-full border-2 border-amber-400 bg-amber-50 text-xs font-bold text-amber-800" aria-label={ringsText(card.rings)}>
                  {card.rings}
                </span>
                <span aria-hidden className="h-7 w-1.5 shrink-0 rounded-sm" style={{ background: frameBackground(card.colors) }} />
                <span className="min-w-0 flex-1">
                  <span className="font-medium">{card.title}</span> <span className="whitespace-nowrap text-xs text-slate-500">{card.key}</span>
                  <span className="block text-xs text-slate-600">
                    <span className="capitalize">{card.colors.join("/")}</span>
                    {card.traits.length > 0 && ` · ${card.traits.join(", ")}`} · {owned[card.id] ? `own ${owned[card.id]}` : "not owned"}
                    {inDeck[card.id] ? <span className="ml-1 font-semibold text-blue-800">· {inDeck[card.id]} in deck</span> : null}
                  </span>
                </span>
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
                  className="btn-secondary min-h-10 shrink-0 cursor-grab px-3"
                  aria-label={`Add ${card.title} ${card.key}`}
                >
                  Add
                </button>
              </li>
            ))}
          </ul>
        )}
        {results && results.total > shown.length && (
          <div className="py-2 text-center">
            {shown.length < MAX ? (
              <button type="button" className="btn-secondary" disabled={pending} onClick={() => setTake((t) => Math.min(MAX, t + PAGE))}>
                {pending ? "Loading…" : `Show ${Math.min(PAGE, results.total - shown.length, MAX - shown.length)} more`}
              </button>
            ) : (
              <p className="text-xs text-slate-600">The first {MAX} are shown: narrow the search to see the others.</p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

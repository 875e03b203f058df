"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { COLORS } from "@/lib/catalog/colors";
import { RARITIES } from "@/lib/catalog/rarity";
import { describeNode, type ColorMode } from "@/lib/catalog/search";
import { frameBackground } from "@/components/catalog/card-face";
import { activeFilterCount, ringBound } from "@/components/catalog/card-search-state";
import { useCardSearch, useFilterSheet } from "@/components/catalog/use-card-search";

type Props = {
  /** trait names offered by the trait filter */
  traits: readonly string[];
  /** set codes offered by the set filter */
  sets: readonly string[];
  /**
   * Controlled use (deck editor, collection): the current query and a callback.
   * Without them the box reads and writes the `q` URL parameter of the current page.
   */
  query?: string;
  onQueryChange?: (q: string) => void;
  /** extra URL parameters reset on every new query (defaults to `page`) */
  resetParams?: readonly string[];
  /** milliseconds of typing pause before the query is applied */
  debounceMs?: number;
  label?: string;
  /** show the parse error of the query already applied (false when the page shows it itself) */
  showAppliedError?: boolean;
};

const DEFAULT_RESET = ["page"];

/**
 * The card query box with filter chips and controls in two-way sync: typing
 * updates the chips and controls; clicking a control rewrites the query.
 */
export function CardSearchBox({ traits, sets, query, onQueryChange, resetParams = DEFAULT_RESET, debounceMs = 350, label = "Search cards", showAppliedError = true }: Props) {
  const { text, urlQuery, parsed, filters, parts, effectiveMode, boxRef, onType, write, toggleColor, changeMode, removeChip, submit } = useCardSearch({ query, onQueryChange, resetParams, debounceMs });
  const { open: sheetOpen, openSheet, close: closeSheet, buttonRef: filtersButtonRef, sheetRef } = useFilterSheet();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const error = parsed.ok || (!showAppliedError && text === urlQuery) ? null : parsed.error;
  const activeFilters = activeFilterCount(filters);
  // On narrow screens the filter controls live in a sheet opened by the "Filters" button.
  const sheetId = `${inputId}-filters`;

  return (
    <div ref={boxRef} className="space-y-3" role="search">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="flex flex-wrap items-end gap-2"
      >
        <div className="min-w-64 flex-1">
          <label htmlFor={inputId} className="label">
            {label}
          </label>
          <input
            id={inputId}
            type="search"
            name="q"
            value={text}
            onChange={(e) => onType(e.target.value)}
            className="input font-mono"
            placeholder='e.g. c:br t:robot r>=5 -rar:common "chaos"'
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
        <button
          ref={filtersButtonRef}
          type="button"
          className="btn-secondary md:hidden"
          aria-expanded={sheetOpen}
          aria-controls={sheetId}
          onClick={openSheet}
          data-testid="filters-button"
        >
          Filters
          {activeFilters > 0 && (
            <span className="rounded-full bg-blue-700 px-1.5 text-xs text-white" aria-label={`${activeFilters} active`}>
              {activeFilters}
            </span>
          )}
        </button>
        <Link href="/cards/syntax" className="btn-secondary">
          Syntax help
        </Link>
      </form>

      <div id={errorId} aria-live="polite">
        {error && (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="query-error">
            <p className="font-semibold">{error.message}</p>
            <pre className="mt-1 overflow-x-auto font-mono text-xs" aria-hidden>
              {text}
              {"\n"}
              {" ".repeat(error.position)}^
            </pre>
            <p>
              At position {error.position + 1}: expected {error.expected}.
            </p>
          </div>
        )}
      </div>

      {sheetOpen && <div className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" aria-hidden onClick={closeSheet} />}
      <fieldset
        ref={sheetRef}
        id={sheetId}
        className={`flex flex-wrap items-end gap-x-5 gap-y-3 rounded-lg border border-slate-200 bg-white p-3 ${
          sheetOpen ? "max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-50 max-md:max-h-[85vh] max-md:overflow-y-auto max-md:rounded-b-none max-md:p-4 max-md:pb-6 max-md:shadow-2xl" : "max-md:hidden"
        }`}
      >
        <legend className="sr-only">Filters</legend>
        <div className="flex w-full items-center justify-between md:hidden">
          <p className="text-base font-bold" aria-hidden>
            Filters{activeFilters > 0 ? ` (${activeFilters} active)` : ""}
          </p>
          <button type="button" className="btn-primary" onClick={closeSheet}>
            Done
          </button>
        </div>
        <div>
          <span className="label" id={`${inputId}-colors`}>
            Colors
          </span>
          <div className="flex items-center gap-1" role="group" aria-labelledby={`${inputId}-colors`}>
            {COLORS.map((c) => {
              const on = filters.colors.includes(c);
              return (
                <button
                  key={c}
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggleColor(c)}
                  className={`rounded-full border-2 px-2.5 py-1 text-xs font-semibold capitalize ${on ? "border-slate-900 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
                  style={on ? { background: frameBackground([c]) } : undefined}
                >
                  {c[0].toUpperCase() + c.slice(1)}
                </button>
              );
            })}
            <select
              aria-label="Color match"
              className="input ml-1 w-auto py-1"
              value={effectiveMode}
              onChange={(e) => changeMode(e.target.value as ColorMode)}
            >
              <option value="all">has all</option>
              <option value="any">has any</option>
              <option value="exactly">exactly</option>
            </select>
          </div>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input type="checkbox" checked={filters.multicolor} onChange={(e) => write("multicolor", { multicolor: e.target.checked })} />
          Multi-color
        </label>
        <div>
          <label className="label" htmlFor={`${inputId}-trait`}>
            Trait
          </label>
          <select id={`${inputId}-trait`} className="input w-auto py-1" value={filters.trait} onChange={(e) => write("trait", { trait: e.target.value })}>
            <option value="">Any</option>
            {traits.map((t) => (
              <option key={t} value={t.toLowerCase()}>
                {t}
              </option>
            ))}
            {filters.trait && !traits.some((t) => t.toLowerCase() === filters.trait) && <option value={filters.trait}>{filters.trait}</option>}
          </select>
        </div>
        <div>
          <span className="label" id={`${inputId}-rings`}>
            Rings
          </span>
          <div className="flex items-center gap-1" role="group" aria-labelledby={`${inputId}-rings`}>
            <RingInput label="Minimum rings" value={filters.ringsMin} onCommit={(v) => write("rings", { ringsMin: v })} />
            <span aria-hidden>–</span>
            <RingInput label="Maximum rings" value={filters.ringsMax} onCommit={(v) => write("rings", { ringsMax: v })} />
          </div>
        </div>
        <div>
          <label className="label" htmlFor={`${inputId}-rarity`}>
            Rarity
          </label>
          <select id={`${inputId}-rarity`} className="input w-auto py-1 capitalize" value={filters.rarity} onChange={(e) => write("rarity", { rarity: e.target.value })}>
            <option value="">Any</option>
            {RARITIES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="label" htmlFor={`${inputId}-set`}>
            Set
          </label>
          <select id={`${inputId}-set`} className="input w-auto py-1" value={filters.set} onChange={(e) => write("set", { set: e.target.value })}>
            <option value="">Any</option>
            {sets.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
            {filters.set && !sets.includes(filters.set) && <option value={filters.set}>{filters.set}</option>}
          </select>
        </div>
        <TextFilter value={filters.text} onCommit={(v) => write("text", { text: v })} />
      </fieldset>

      {parts.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Active filters">
          {parts.map((p, i) => (
            <li key={`${i}-${p.text}`} className="inline-flex items-center gap-1 rounded-full border border-blue-200 bg-blue-50 py-0.5 pl-3 pr-1 text-xs text-blue-900">
              <span title={p.text}>{describeNode(p.node)}</span>
              <button
                type="button"
                onClick={() => removeChip(i)}
                className="grid h-5 w-5 place-items-center rounded-full hover:bg-blue-200"
                aria-label={`Remove filter: ${describeNode(p.node)}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RingInput({ label, value, onCommit }: { label: string; value: number | null; onCommit: (v: number | null) => void }) {
  const [draft, setDraft] = useState(value === null ? "" : String(value));
  const [prev, setPrev] = useState(value);
  if (prev !== value) {
    setPrev(value);
    setDraft(value === null ? "" : String(value));
  }
  function commit() {
    const v = ringBound(draft);
    if (v !== undefined && v !== value) onCommit(v);
  }
  return (
    <input
      type="number"
      min={0}
      max={99}
      inputMode="numeric"
      aria-label={label}
      className="input w-16 py-1"
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          commit();
        }
      }}
    />
  );
}

function TextFilter({ value, onCommit }: { value: string; onCommit: (v: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [prev, setPrev] = useState(value);
  const id = useId();
  if (prev !== value) {
    setPrev(value);
    setDraft(value);
  }
  function commit() {
    if (draft.trim() !== value) onCommit(draft);
  }
  return (
    <div>
      <label className="label" htmlFor={id}>
        Card text
      </label>
      <input
        id={id}
        className="input w-44 py-1"
        value={draft}
        placeholder="e.g. discard"
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          }
        }}
      />
    </div>
  );
}

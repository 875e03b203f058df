"use client";

import { useId } from "react";
import Link from "next/link";
import { cardKey } from "@/lib/catalog/keys";
import { PACK_SIZE } from "@/lib/collection/schemas";
import { FormMessage } from "@/components/ui/field";
import { OfflineStatus } from "@/components/collection/offline-status";
import { UndoPackButton } from "@/components/collection/undo-pack-button";
import { missingCardHref } from "@/components/collection/booster-entry-state";
import { useBoosterEntry } from "@/components/collection/use-booster-entry";

const COLOR_DOT: Record<string, string> = { blue: "bg-blue-600", red: "bg-red-600", yellow: "bg-yellow-500", gray: "bg-gray-500" };

/**
 * Keyboard-first booster entry: an ARIA combobox (type a number or part of a
 * title, arrows to choose, Enter to add), the cards entered so far, and Save.
 * A number missing from the catalog offers the card suggestion flow (or, for
 * admins, the add-card form) in a new tab while the pack stays here. The state
 * lives in booster-entry-state.ts (reducer) and use-booster-entry.ts (effects).
 */
export function BoosterEntry({ userId, isAdmin, defaultSet }: { userId: string; isAdmin: boolean; defaultSet: string }) {
  const { pack, state, view, dispatch, inputRef, formRef, choose, removeAt, clear, onKeyDown, saveState, saveAction, saving, offline } = useBoosterEntry({ userId, isAdmin, defaultSet });
  const { options, expanded, activeIndex, missing } = view;
  const { term, announcement, lookupError } = state;
  const ids = useId();
  const listboxId = `${ids}-listbox`;

  const count = pack.length;
  const saved = saveState?.ok === true ? saveState.data : null;
  const queued = saveState?.ok === "queued" ? saveState.message : null;

  return (
    <>
    <OfflineStatus
      userId={userId}
      online={offline.online}
      hasIndex={offline.index !== null}
      queue={offline.queue}
      waiting={offline.waiting}
      syncing={offline.syncing}
      outcome={offline.outcome}
      syncNow={() => void offline.syncNow()}
    />
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" data-offline-ready={offline.index ? "true" : "false"}>
      <section aria-labelledby={`${ids}-entry`} className="panel">
        <h2 id={`${ids}-entry`} className="mb-2 text-lg font-bold">
          Enter cards
        </h2>
        <label htmlFor={`${ids}-input`} className="label">
          Card number or title
        </label>
        <div className="relative">
          <input
            ref={inputRef}
            id={`${ids}-input`}
            type="text"
            role="combobox"
            autoComplete="off"
            autoFocus
            spellCheck={false}
            className="input text-base"
            placeholder="e.g. 7, DEMO-012 or knuck"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={expanded ? `${ids}-opt-${activeIndex}` : undefined}
            aria-describedby={`${ids}-help`}
            value={term}
            onChange={(e) => dispatch({ t: "type", value: e.target.value })}
            onKeyDown={onKeyDown}
            onBlur={() => window.setTimeout(() => dispatch({ t: "close" }), 150)}
            onFocus={() => dispatch({ t: "open" })}
          />
          <ul
            id={listboxId}
            role="listbox"
            aria-label="Matching cards"
            className={`absolute z-20 mt-1 max-h-80 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg ${expanded ? "" : "hidden"}`}
          >
            {expanded &&
              options.map((opt, i) => (
                <li
                  key={opt.kind === "card" ? opt.card.id : opt.href}
                  id={`${ids}-opt-${i}`}
                  role="option"
                  aria-selected={i === activeIndex}
                  className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${i === activeIndex ? "bg-blue-100 text-blue-950" : "hover:bg-slate-50"}`}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => dispatch({ t: "hover", index: i })}
                  onClick={() => choose(opt)}
                >
                  {opt.kind === "card" ? (
                    <>
                      <span className="flex gap-0.5" aria-hidden>
                        {opt.card.colors.map((c) => (
                          <span key={c} className={`inline-block h-3 w-3 rounded-full ${COLOR_DOT[c]}`} />
                        ))}
                      </span>
                      <span className="font-mono text-xs text-slate-600">{opt.card.key}</span>
                      <span className="flex-1 font-semibold">{opt.card.title}</span>
                      <span className="text-xs text-slate-500">
                        {opt.card.rarity} · own {opt.card.owned}
                      </span>
                    </>
                  ) : (
                    <span className="font-semibold text-amber-800">{opt.label}</span>
                  )}
                </li>
              ))}
          </ul>
        </div>
        <p id={`${ids}-help`} className="mt-2 text-xs text-slate-500">
          Type a number or part of a title, choose with ↑ ↓ and press Enter. Backspace in the empty box removes the last card.
          Ctrl+Enter saves the pack.
        </p>
        <div aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-700" data-testid="booster-announcement">
          {announcement}
        </div>
        {lookupError && (
          <p role="alert" className="field-error">
            {lookupError}
          </p>
        )}
        {missing && (
          <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p>
              {cardKey(missing.set, missing.number)} is not in the catalog.{" "}
              <Link href={missingCardHref(missing, isAdmin)} target="_blank" rel="noopener" className="font-semibold underline">
                {isAdmin ? "Add it to the catalog" : "Suggest it"}
              </Link>{" "}
              in a new tab, then come back: your pack is kept.
            </p>
          </div>
        )}
      </section>

      <section aria-labelledby={`${ids}-pack`} className="panel">
        <form action={saveAction} ref={formRef}>
          <div className="mb-2 flex items-baseline justify-between gap-2">
            <h2 id={`${ids}-pack`} className="text-lg font-bold">
              This pack
            </h2>
            <span className={`text-sm font-semibold tabular-nums ${count === PACK_SIZE ? "text-emerald-700" : "text-slate-600"}`} data-testid="pack-count">
              {count} / {PACK_SIZE} cards
            </span>
          </div>
          {count === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500">
              No cards yet. Start typing on the left.
            </p>
          ) : (
            <ol className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Cards in this pack">
              {pack.map((slot, i) => (
                <li key={slot.uid} className="flex items-center gap-2 px-3 py-1.5 text-sm">
                  <input type="hidden" name="cardId" value={slot.card.id} />
                  <span className="w-5 text-right tabular-nums text-slate-500">{i + 1}.</span>
                  <span className="font-mono text-xs text-slate-600">{slot.card.key}</span>
                  <span className="flex-1 font-semibold">{slot.card.title}</span>
                  <button
                    type="button"
                    className="rounded px-2 py-0.5 text-xs font-semibold text-red-700 hover:bg-red-50"
                    aria-label={`Remove ${slot.card.title} (${slot.card.key}), card ${i + 1}`}
                    onClick={() => removeAt(slot.uid)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ol>
          )}
          <div aria-live="polite">
            {count > 0 && count !== PACK_SIZE && (
              <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="pack-size-warning">
                A booster has {PACK_SIZE} cards; this one has {count}. You can still save it.
              </p>
            )}
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <button type="submit" className="btn-primary" disabled={count === 0 || saving}>
              {saving ? "Saving…" : `Save pack (${count} card${count === 1 ? "" : "s"})`}
            </button>
            {count > 0 && (
              <button
                type="button"
                className="btn-secondary"
                onClick={clear}
              >
                Clear
              </button>
            )}
          </div>
          {saveState && saveState.ok === false && <FormMessage message={saveState.message} />}
        </form>
        {saved && (
          <div className="mt-4 space-y-2 rounded-md border border-emerald-200 bg-emerald-50 p-3">
            <FormMessage message={saveState?.message} tone="success" />
            <p className="text-sm text-emerald-900">
              Added to your collection. See it in your <Link href="/collection/history" className="font-semibold underline">pack history</Link> or
              your <Link href="/collection/completion" className="font-semibold underline">completion</Link>.
            </p>
            <UndoPackButton key={saved.id} packId={saved.id} cardCount={saved.cardCount} />
          </div>
        )}
        {queued && (
          <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="pack-queued">
            <FormMessage message={queued} tone="success" />
          </div>
        )}
      </section>
    </div>
    </>
  );
}

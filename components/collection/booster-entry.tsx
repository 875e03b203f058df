"use client";

import { useActionState, useEffect, useId, useRef, useState } from "react";
import Link from "next/link";
import { savePackOpening } from "@/lib/actions/collection";
import type { ActionResult } from "@/lib/action-result";
import type { LookupCardDTO, PackOpeningDTO } from "@/lib/collection/types";
import { cardKey } from "@/lib/cards/keys";
import { MAX_PACK_CARDS, PACK_SIZE } from "@/lib/validation/collection";
import { FormMessage } from "@/components/ui/field";
import { UndoPackButton } from "@/components/collection/undo-pack-button";
import { usePackEntry } from "@/components/collection/pack-store";

type Missing = { set: string; number: number } | null;
type Option = { kind: "card"; card: LookupCardDTO } | { kind: "missing"; href: string; label: string };

const COLOR_DOT: Record<string, string> = { blue: "bg-blue-600", red: "bg-red-600", yellow: "bg-yellow-500", gray: "bg-gray-500" };

/** "7", "#7", "DEMO-7", "demo 007": the set and number a term names, if it names one. */
function numberIn(term: string, defaultSet: string): Missing {
  const bare = /^#?(\d{1,5})$/.exec(term);
  if (bare) return { set: defaultSet, number: Number(bare[1]) };
  const withSet = /^([a-z0-9][a-z0-9-]{0,11}?)[\s-]+#?(\d{1,5})$/i.exec(term);
  return withSet ? { set: withSet[1].toUpperCase(), number: Number(withSet[2]) } : null;
}

async function fetchCards(term: string, signal?: AbortSignal): Promise<LookupCardDTO[]> {
  const res = await fetch(`/api/collection/lookup?q=${encodeURIComponent(term)}`, { signal, headers: { accept: "application/json" } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `Lookup failed (${res.status}).`);
  }
  return ((await res.json()) as { cards: LookupCardDTO[] }).cards;
}

/**
 * Keyboard-first booster entry: an ARIA combobox (type a number or part of a
 * title, arrows to choose, Enter to add), the cards entered so far, and Save.
 * A number missing from the catalog offers the card suggestion flow (or, for
 * admins, the add-card form) in a new tab while the pack stays here.
 */
export function BoosterEntry({ userId, isAdmin, defaultSet }: { userId: string; isAdmin: boolean; defaultSet: string }) {
  const [pack, updatePack] = usePackEntry(userId);
  const [term, setTerm] = useState("");
  const [results, setResults] = useState<{ term: string; cards: LookupCardDTO[] }>({ term: "", cards: [] });
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const [lookupError, setLookupError] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const listboxId = `${ids}-listbox`;

  const [saveState, saveAction, saving] = useActionState(async (prev: ActionResult<PackOpeningDTO> | null, form: FormData) => {
    const result = await savePackOpening(prev, form);
    if (result.ok) {
      updatePack(() => []);
      setAnnouncement("");
    }
    return result;
  }, null);

  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    // back from another tab (where a card may have been added or suggested): answers may have changed
    const onFocus = () => {
      setResults({ term: "", cards: [] });
      setGeneration((g) => g + 1);
    };
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, []);

  const trimmed = term.trim();
  useEffect(() => {
    if (!trimmed) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetchCards(trimmed, controller.signal)
        .then((cards) => {
          setResults({ term: trimmed, cards });
          setLookupError("");
        })
        .catch((err: Error) => {
          if (err.name !== "AbortError") setLookupError(err.message);
        });
    }, 90);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, generation]);

  function optionsFor(t: string, cards: LookupCardDTO[]): Option[] {
    const opts: Option[] = cards.map((card) => ({ kind: "card", card }));
    const n = numberIn(t, defaultSet);
    if (n && !cards.some((c) => c.number === n.number && c.set === n.set)) {
      const key = cardKey(n.set, n.number);
      const qs = `set=${encodeURIComponent(n.set)}&number=${n.number}`;
      opts.push(
        isAdmin
          ? { kind: "missing", href: `/admin/cards/new?${qs}`, label: `${key} is not in the catalog: add it (opens a new tab)` }
          : { kind: "missing", href: `/cards/suggest?${qs}`, label: `${key} is not in the catalog: suggest it (opens a new tab)` },
      );
    } else if (!n && cards.length === 0) {
      opts.push({
        kind: "missing",
        href: `/cards/suggest?title=${encodeURIComponent(t)}`,
        label: `No card matches “${t}”: suggest a card (opens a new tab)`,
      });
    }
    return opts;
  }

  const ready = results.term === trimmed && trimmed !== "";
  const options = ready ? optionsFor(trimmed, results.cards) : [];
  const expanded = open && ready && options.length > 0;
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));

  function add(card: LookupCardDTO) {
    if (pack.length >= MAX_PACK_CARDS) {
      setAnnouncement(`A pack entry holds at most ${MAX_PACK_CARDS} cards.`);
      return;
    }
    const count = pack.length + 1;
    updatePack((p) => [...p, { uid: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`, card }]);
    setTerm("");
    setOpen(false);
    setActive(0);
    setAnnouncement(`Added ${card.title} (${card.key}). ${count} of ${PACK_SIZE}.`);
    inputRef.current?.focus();
  }

  function choose(option: Option | undefined) {
    if (!option) return;
    if (option.kind === "card") add(option.card);
    else {
      window.open(option.href, "_blank", "noopener");
      setResults({ term: "", cards: [] });
      setAnnouncement("Opened in a new tab. Your pack is kept here; come back and type the number again once the card exists.");
    }
  }

  function removeAt(uid: string) {
    const slot = pack.find((s) => s.uid === uid);
    updatePack((p) => p.filter((s) => s.uid !== uid));
    if (slot) setAnnouncement(`Removed ${slot.card.title} (${slot.card.key}). ${pack.length - 1} of ${PACK_SIZE}.`);
    inputRef.current?.focus();
  }

  async function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      if (!open) setOpen(true);
      else setActive(Math.min(activeIndex + 1, options.length - 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive(Math.max(activeIndex - 1, 0));
    } else if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (pack.length > 0) formRef.current?.requestSubmit();
    } else if (e.key === "Enter") {
      if (!trimmed) return; // an empty box: let Enter do nothing (the Save button is one Tab away)
      e.preventDefault();
      if (ready) choose(options[activeIndex]);
      else {
        // typed faster than the lookup: ask now and take the best match
        try {
          const cards = await fetchCards(trimmed);
          setResults({ term: trimmed, cards });
          const opts = optionsFor(trimmed, cards);
          if (opts[0]?.kind === "card") choose(opts[0]);
          else setOpen(true);
        } catch (err) {
          setLookupError((err as Error).message);
        }
      }
    } else if (e.key === "Escape") {
      if (expanded) setOpen(false);
      else setTerm("");
    } else if (e.key === "Backspace" && term === "" && pack.length > 0) {
      e.preventDefault();
      removeAt(pack[pack.length - 1].uid);
    }
  }

  const count = pack.length;
  const saved = saveState?.ok ? saveState.data : null;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
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
            onChange={(e) => {
              setTerm(e.target.value);
              setOpen(true);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => window.setTimeout(() => setOpen(false), 150)}
            onFocus={() => setOpen(true)}
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
                  onMouseEnter={() => setActive(i)}
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
        {ready && results.cards.length === 0 && numberIn(trimmed, defaultSet) && (
          <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {(() => {
              const n = numberIn(trimmed, defaultSet)!;
              const qs = `set=${encodeURIComponent(n.set)}&number=${n.number}`;
              return (
                <p>
                  {cardKey(n.set, n.number)} is not in the catalog.{" "}
                  {isAdmin ? (
                    <Link href={`/admin/cards/new?${qs}`} target="_blank" rel="noopener" className="font-semibold underline">
                      Add it to the catalog
                    </Link>
                  ) : (
                    <Link href={`/cards/suggest?${qs}`} target="_blank" rel="noopener" className="font-semibold underline">
                      Suggest it
                    </Link>
                  )}{" "}
                  in a new tab, then come back: your pack is kept.
                </p>
              );
            })()}
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
                onClick={() => {
                  updatePack(() => []);
                  setAnnouncement("Cleared the pack.");
                  inputRef.current?.focus();
                }}
              >
                Clear
              </button>
            )}
          </div>
          {saveState && !saveState.ok && <FormMessage message={saveState.message} />}
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
      </section>
    </div>
  );
}

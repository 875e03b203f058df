"use client";

import { useOptimistic, useState, useTransition } from "react";
import { adjustOwnedQuantity, setOwnedQuantity } from "@/lib/collection/actions";
import { MAX_QUANTITY } from "@/lib/collection/schemas";

type Change = { kind: "step"; delta: number } | { kind: "set"; value: number };

/**
 * − / typed quantity / + for one card of the signed-in user's collection.
 * Each change shows at once (optimistic), is saved by a server action, and on
 * failure rolls back to the saved count and says why in a live region.
 */
export function QuantityControl({ cardId, label, quantity }: { cardId: string; label: string; quantity: number }) {
  const [saved, setSaved] = useState(quantity);
  const [seenProp, setSeenProp] = useState(quantity);
  if (quantity !== seenProp) {
    // the server sent a fresher count (after a revalidation): adopt it
    setSeenProp(quantity);
    setSaved(quantity);
  }
  const [shown, applyOptimistic] = useOptimistic(saved, (state: number, change: Change) =>
    change.kind === "step" ? Math.max(0, state + change.delta) : change.value,
  );
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState("");
  const [, startTransition] = useTransition();

  function run(change: Change) {
    setError("");
    startTransition(async () => {
      applyOptimistic(change);
      try {
        const result = change.kind === "step" ? await adjustOwnedQuantity(cardId, change.delta) : await setOwnedQuantity(cardId, change.value);
        if (result.ok) setSaved(result.data.quantity);
        else setError(`Not saved: ${result.message}`);
      } catch {
        setError("Not saved: the server could not be reached. Your count is back to what was saved.");
      }
    });
  }

  function commitDraft() {
    if (draft === null) return;
    const text = draft.trim();
    setDraft(null);
    if (text === String(shown)) return;
    const n = Number(text);
    if (!/^\d+$/.test(text) || n > MAX_QUANTITY) {
      setError(`Not saved: enter a whole number from 0 to ${MAX_QUANTITY}.`);
      return;
    }
    run({ kind: "set", value: n });
  }

  const inputId = `qty-${cardId}`;
  return (
    <div className="mt-2">
      <div className="flex items-center justify-center gap-1" role="group" aria-label={`Copies of ${label}`}>
        <button
          type="button"
          className="btn-secondary h-8 w-8 p-0 text-base"
          aria-label={`Remove one ${label}`}
          disabled={shown <= 0}
          onClick={() => run({ kind: "step", delta: -1 })}
        >
          −
        </button>
        <label htmlFor={inputId} className="sr-only">
          Quantity of {label}
        </label>
        <input
          id={inputId}
          inputMode="numeric"
          className={`input h-8 w-14 px-1 text-center font-semibold ${shown > 0 ? "text-slate-900" : "text-slate-500"}`}
          value={draft ?? String(shown)}
          onChange={(e) => setDraft(e.target.value)}
          onFocus={(e) => e.target.select()}
          onBlur={commitDraft}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              commitDraft();
            } else if (e.key === "Escape") {
              setDraft(null);
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-msg`}
        />
        <button type="button" className="btn-secondary h-8 w-8 p-0 text-base" aria-label={`Add one ${label}`} onClick={() => run({ kind: "step", delta: 1 })}>
          +
        </button>
      </div>
      <div id={`${inputId}-msg`} aria-live="assertive" className="min-h-0 text-center">
        {error && (
          <p role="alert" className="field-error text-xs">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

"use client";

import { useState, useTransition } from "react";
import { adjustOwnedQuantity } from "@/lib/collection/actions";

/** “You own N” with − / + buttons; the server keeps the count (never below zero). */
export function OwnedQuantityControl({ cardId, title, initial }: { cardId: string; title: string; initial: number }) {
  const [quantity, setQuantity] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function change(delta: number) {
    setError(null);
    startTransition(async () => {
      const r = await adjustOwnedQuantity(cardId, delta);
      if (r.ok) setQuantity(r.data.quantity);
      else setError(r.message);
    });
  }

  return (
    <div>
      <div className="flex items-center gap-2">
        <button type="button" className="btn-secondary h-9 w-9 p-0 text-lg" onClick={() => change(-1)} disabled={pending || quantity === 0} aria-label={`Remove one ${title} from my collection`}>
          −
        </button>
        <output className="min-w-16 text-center text-sm" aria-live="polite" data-testid="owned-quantity">
          <span className="text-lg font-bold">{quantity}</span> owned
        </output>
        <button type="button" className="btn-secondary h-9 w-9 p-0 text-lg" onClick={() => change(1)} disabled={pending} aria-label={`Add one ${title} to my collection`}>
          +
        </button>
      </div>
      <div aria-live="polite">{error && <p className="field-error">{error}</p>}</div>
    </div>
  );
}

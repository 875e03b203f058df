"use client";

import { useState, useTransition } from "react";
import { releaseDeckCopiesAction, reserveDeckCopiesAction } from "@/lib/collection/actions";
import { copyStates } from "@/lib/collection/copies";
import type { DeckCopiesDTO } from "@/lib/collection/types";
import { FormMessage } from "@/components/ui/field";

/**
 * One deck line against the owner's collection, in three states: owned and
 * free, owned but held by another deck (named), and missing.
 */
export function CopyStateMark({ need, owned, elsewhere }: { need: number; owned: number; elsewhere?: { quantity: number; decks: string[] } }) {
  const s = copyStates(need, owned, elsewhere?.quantity ?? 0);
  const state = s.missing > 0 ? "missing" : s.elsewhere > 0 ? "elsewhere" : "free";
  return (
    <span className="text-right text-xs" data-testid="copy-state" data-state={state}>
      {s.free > 0 && <span className="block text-green-700">{s.missing === 0 && s.elsewhere === 0 ? `own ${owned}` : `${s.free} free`}</span>}
      {s.elsewhere > 0 && (
        <span className="block text-amber-700" title={`Reserved by ${elsewhere!.decks.join(", ")}`}>
          {s.elsewhere} in {elsewhere!.decks.length === 1 ? elsewhere!.decks[0] : "other decks"}
        </span>
      )}
      {s.missing > 0 && <span className="block text-red-700">missing {s.missing}</span>}
    </span>
  );
}

/** Reserve the copies this deck needs (the saved deck's cards), or release them; says how many it holds. */
export function DeckCopiesPanel({ deckId, copies, dirty }: { deckId: string; copies: DeckCopiesDTO; dirty: boolean }) {
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const held = Object.values(copies.reserved).reduce((n, q) => n + q, 0);
  const run = (fn: typeof reserveDeckCopiesAction | typeof releaseDeckCopiesAction) =>
    start(async () => {
      const r = await fn(deckId);
      setMessage({ text: r.message ?? (r.ok ? "Done." : "That did not work."), ok: r.ok });
    });
  return (
    <section className="rounded border border-slate-200 p-2 text-sm" aria-labelledby="deck-copies-h">
      <h3 id="deck-copies-h" className="font-semibold">
        Copies in this deck
      </h3>
      <p className="text-slate-600" data-testid="deck-reserved">
        {held > 0 ? `This deck holds ${held} of your copies; other decks see them as taken.` : "This deck holds none of your copies yet."}
        {dirty && " Reserving uses the saved deck."}
      </p>
      <p className="text-xs text-slate-600">
        <span className="text-green-700">free</span>: owned and in no other deck · <span className="text-amber-700">in another deck</span>: owned but
        reserved there · <span className="text-red-700">missing</span>: not owned
      </p>
      <div className="mt-1 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" disabled={pending} onClick={() => run(reserveDeckCopiesAction)}>
          Reserve my copies for this deck
        </button>
        {held > 0 && (
          <button type="button" className="btn-secondary" disabled={pending} onClick={() => run(releaseDeckCopiesAction)}>
            Release them
          </button>
        )}
      </div>
      <FormMessage message={message?.text} tone={message?.ok ? "success" : "error"} />
    </section>
  );
}

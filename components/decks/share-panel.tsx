"use client";

import { useOptimistic, useState, useSyncExternalStore, useTransition } from "react";
import { setVisibilityAction } from "@/lib/decks/actions";
import type { DeckVisibility } from "@/lib/decks/schemas";
import { DECK_RULES_TEXT } from "@/lib/decks/rules";

const LABEL: Record<DeckVisibility, string> = {
  private: "Private: only you",
  unlisted: "Unlisted: anyone with the link",
  public: "Public: listed in public decks",
};

/** Visibility, the share link, and a note that sharing needs a legal deck. */
export function SharePanel({ deckId, slug, visibility, savedLegal }: { deckId: string; slug: string; visibility: DeckVisibility; savedLegal: boolean }) {
  // the saved visibility (a save that makes the deck illegal turns it private), shown optimistically while a change is on its way
  const [current, setOptimistic] = useOptimistic(visibility);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [pending, start] = useTransition();
  const origin = useSyncExternalStore(
    () => () => {},
    () => window.location.origin,
    () => "",
  );
  const link = `${origin}/d/${slug}`;
  return (
    <section className="panel space-y-2" aria-labelledby="share-h">
      <h2 id="share-h" className="font-semibold">
        Sharing
      </h2>
      <fieldset className="space-y-1 text-sm" disabled={pending}>
        <legend className="sr-only">Who can see this deck</legend>
        {(Object.keys(LABEL) as DeckVisibility[]).map((v) => (
          <label key={v} className="flex items-center gap-2">
            <input
              type="radio"
              name="visibility"
              value={v}
              checked={current === v}
              onChange={() =>
                start(async () => {
                  setOptimistic(v);
                  const r = await setVisibilityAction({ deckId, visibility: v });
                  setMessage(r.ok ? { text: r.message ?? "", ok: true } : { text: r.message, ok: false });
                })
              }
            />
            {LABEL[v]}
          </label>
        ))}
      </fieldset>
      {!savedLegal && current === "private" && <p className="text-xs text-slate-600">Sharing needs a legal saved deck ({DECK_RULES_TEXT}).</p>}
      {current !== "private" && (
        <div>
          <label htmlFor="share-link" className="label">
            Share link
          </label>
          <div className="flex gap-2">
            <input id="share-link" readOnly className="input font-mono text-xs" value={link} data-testid="share-link" />
            <button type="button" className="btn-secondary" onClick={() => navigator.clipboard.writeText(link).then(() => setMessage({ text: "Link copied.", ok: true }), () => setMessage({ text: "Select the link and copy it by hand.", ok: false }))}>
              Copy
            </button>
          </div>
        </div>
      )}
      <p aria-live="polite" className={`text-sm ${message?.ok ? "text-green-800" : "text-red-800"}`} role={message && !message.ok ? "alert" : undefined}>
        {message?.text}
      </p>
    </section>
  );
}

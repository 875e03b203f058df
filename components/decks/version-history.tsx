"use client";

import { useState, useTransition } from "react";
import { restoreVersionAction } from "@/lib/decks/actions";
import type { DeckVersionDTO } from "@/lib/decks/types";
import type { DeckVisibility } from "@/lib/decks/schemas";

/**
 * Every saved version with what it changed (cards, name, description) from the
 * one before. Any older version can be restored as a new version, after a
 * confirmation that says what restoring changes and whether the deck stops
 * being shared.
 */
export function VersionHistory({
  deckId,
  versions,
  currentVersion,
  visibility,
  disabled,
  onRestored,
}: {
  deckId: string;
  versions: DeckVersionDTO[];
  currentVersion: number;
  visibility: DeckVisibility;
  disabled: boolean;
  onRestored: (version: number) => void;
}) {
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [pending, start] = useTransition();
  const restore = (version: number) =>
    start(async () => {
      const r = await restoreVersionAction({ deckId, version, expectedVersion: currentVersion });
      setMessage({ text: r.message ?? "", ok: r.ok });
      setConfirming(null);
      if (r.ok) onRestored(r.data.version);
    });
  return (
    <section className="panel" aria-labelledby="history-h">
      <h2 id="history-h" className="mb-2 font-semibold">
        Version history
      </h2>
      {disabled && <p className="mb-2 text-xs text-slate-600">Save or discard your changes before restoring a version.</p>}
      <ol className="max-h-96 space-y-2 overflow-y-auto text-sm" data-testid="version-history">
        {versions.map((v) => (
          <li key={v.version} className="border-b border-slate-100 pb-2" data-testid="version">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p>
                  <span className="font-semibold">v{v.version}</span> · {v.total} cards · <time dateTime={v.createdAt}>{new Date(v.createdAt).toLocaleString("en", { dateStyle: "short", timeStyle: "short" })}</time>
                  {v.version === currentVersion && <span className="ml-1 rounded bg-blue-100 px-1 text-xs text-blue-900">current</span>}
                  {!v.legal && <span className="ml-1 rounded bg-amber-100 px-1 text-xs text-amber-900">not legal</span>}
                </p>
                <p className="break-words text-slate-600">{v.changesText}</p>
              </div>
              {v.version !== currentVersion && confirming !== v.version && (
                <button type="button" className="btn-secondary shrink-0" disabled={disabled || pending} onClick={() => setConfirming(v.version)} aria-label={`Restore version ${v.version}`}>
                  Restore
                </button>
              )}
            </div>
            {confirming === v.version && (
              <div role="group" aria-label={`Confirm restoring version ${v.version}`} className="mt-2 rounded border border-amber-300 bg-amber-50 p-2 text-amber-950" data-testid="restore-confirm">
                <p>
                  Restore version {v.version} as a new version? {v.restoreText === "no changes" ? "It is the same as the current deck." : `This brings back its cards, name and description; compared with now: ${v.restoreText}.`}
                </p>
                {!v.legal && visibility !== "private" && (
                  <p className="mt-1 font-semibold">
                    Version {v.version} is not legal ({v.legalSummary}), so the deck will stop being {visibility} and become private.
                  </p>
                )}
                <div className="mt-2 flex gap-2">
                  <button type="button" className="btn-primary" disabled={pending} onClick={() => restore(v.version)}>
                    {pending ? "Restoring…" : `Yes, restore version ${v.version}`}
                  </button>
                  <button type="button" className="btn-secondary" disabled={pending} onClick={() => setConfirming(null)}>
                    Cancel
                  </button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ol>
      <p aria-live="polite" className={`mt-1 text-sm ${message?.ok === false ? "text-red-800" : ""}`}>
        {message?.text}
      </p>
    </section>
  );
}

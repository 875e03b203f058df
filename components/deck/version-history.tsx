"use client";

import { useState, useTransition } from "react";
import { restoreVersionAction } from "@/lib/actions/decks";
import type { DeckVersionDTO } from "@/lib/deck/types";

/** Every saved version with its diff from the one before; any older version can be restored as a new version. */
export function VersionHistory({ deckId, versions, currentVersion, disabled, onRestored }: { deckId: string; versions: DeckVersionDTO[]; currentVersion: number; disabled: boolean; onRestored: (version: number) => void }) {
  const [message, setMessage] = useState("");
  const [pending, start] = useTransition();
  return (
    <section className="panel" aria-labelledby="history-h">
      <h2 id="history-h" className="mb-2 font-semibold">
        Version history
      </h2>
      {disabled && <p className="mb-2 text-xs text-slate-600">Save or discard your changes before restoring a version.</p>}
      <ol className="max-h-80 space-y-2 overflow-y-auto text-sm" data-testid="version-history">
        {versions.map((v) => (
          <li key={v.version} className="flex items-start justify-between gap-2 border-b border-slate-100 pb-2">
            <div>
              <p>
                <span className="font-semibold">v{v.version}</span> · {v.total} cards · <time dateTime={v.createdAt}>{new Date(v.createdAt).toLocaleString("en", { dateStyle: "short", timeStyle: "short" })}</time>
                {v.version === currentVersion && <span className="ml-1 rounded bg-blue-100 px-1 text-xs text-blue-900">current</span>}
              </p>
              <p className="text-slate-600">{v.version === 1 ? (v.diff.length ? `created with ${v.diffText}` : "created empty") : v.diffText}</p>
            </div>
            {v.version !== currentVersion && (
              <button
                type="button"
                className="btn-secondary shrink-0"
                disabled={disabled || pending}
                onClick={() =>
                  start(async () => {
                    const r = await restoreVersionAction({ deckId, version: v.version, expectedVersion: currentVersion });
                    setMessage(r.message ?? "");
                    if (r.ok) onRestored(r.data.version);
                  })
                }
                aria-label={`Restore version ${v.version}`}
              >
                Restore
              </button>
            )}
          </li>
        ))}
      </ol>
      <p aria-live="polite" className="mt-1 text-sm">
        {message}
      </p>
    </section>
  );
}

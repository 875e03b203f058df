"use client";
import { useState } from "react";

/** A replay link to copy or open. */
export function ShareReplay({ code }: { code: string }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  // In the fragment: it never travels in a request, so no server header limit applies to long games.
  const href = `/playtest/replay#r=${code}`;
  const full = typeof window === "undefined" ? href : `${window.location.origin}${href}`;
  return (
    <div className="w-full space-y-1">
      <label htmlFor="replay-link" className="label">
        Replay link (setup, seed and every action so far)
      </label>
      <input id="replay-link" className="input font-mono text-xs" readOnly value={full} onFocus={(e) => e.currentTarget.select()} data-testid="replay-link" />
      <div className="flex items-center gap-2">
        <button
          type="button"
          className="btn-secondary"
          onClick={() =>
            navigator.clipboard?.writeText(full).then(
              () => setCopied("yes"),
              () => setCopied("no"),
            )
          }
        >
          Copy
        </button>
        <a className="text-sm text-blue-700 underline" href={href} target="_blank" rel="noreferrer">
          Open replay
        </a>
        <span aria-live="polite" className="text-xs text-slate-600">
          {copied === "yes" ? "Copied." : copied === "no" ? "Copy failed: select the link and copy it." : ""}
        </span>
      </div>
    </div>
  );
}

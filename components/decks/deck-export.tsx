"use client";

import { useId, useState } from "react";
import type { ExportCard } from "@/lib/decks/export-files";

function download(filename: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The JSON and Cockatrice files, built from the deck on demand: their formats' code (zod, the XML builder) loads with the first download. */
async function buildFile(format: "json" | "cod", deck: { name: string; description: string; cards: readonly ExportCard[] }): Promise<string> {
  const { deckExportFiles } = await import("@/lib/decks/export-files");
  return deckExportFiles(deck)[format];
}

/**
 * Export a deck: plain text (copy or download), JSON, a Cockatrice .cod file, the deck code link, and a printable list.
 * The page sends the deck text (shown in the box) and the cards; the JSON and .cod files are built in the browser
 * when downloaded, so they are not in the page's HTML or payload.
 */
export function DeckExport({ name, description, text, cards, codeUrl }: { name: string; description: string; text: string; cards: readonly ExportCard[]; codeUrl: string | null }) {
  const id = useId();
  const [message, setMessage] = useState("");
  const file = name.replace(/[^A-Za-z0-9 _-]+/g, "").trim().replace(/\s+/g, "-").toLowerCase() || "deck";
  const copy = async (value: string, what: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setMessage(`${what} copied.`);
    } catch {
      setMessage(`Could not copy; select the text and copy it by hand.`);
    }
  };
  const downloadBuilt = async (format: "json" | "cod") => {
    try {
      const body = await buildFile(format, { name, description, cards });
      download(`${file}.${format}`, body, format === "json" ? "application/json" : "application/xml");
    } catch {
      setMessage("Could not build the file; reload the page and try again.");
    }
  };
  const absolute = codeUrl && typeof window !== "undefined" ? new URL(codeUrl, window.location.origin).toString() : codeUrl;
  return (
    <section className="panel print:hidden" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="mb-2 font-semibold">
        Export
      </h3>
      <label htmlFor={`${id}-text`} className="label">
        Deck text (one “quantity title [SET-NUM]” a line)
      </label>
      <textarea id={`${id}-text`} readOnly value={text} rows={Math.min(12, text.split("\n").length + 1)} className="input font-mono text-xs" data-testid="export-text" />
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => copy(text, "Deck text")}>
          Copy text
        </button>
        <button type="button" className="btn-secondary" onClick={() => download(`${file}.txt`, text, "text/plain")}>
          Download .txt
        </button>
        <button type="button" className="btn-secondary" onClick={() => void downloadBuilt("json")}>
          Download JSON
        </button>
        <button type="button" className="btn-secondary" onClick={() => void downloadBuilt("cod")} title="A Cockatrice deck file: load it in Cockatrice with Ringbinder's card database (see /developers)">
          Download .cod (Cockatrice)
        </button>
        <button type="button" className="btn-secondary" onClick={() => window.print()}>
          Print list
        </button>
        {absolute && (
          <button type="button" className="btn-secondary" onClick={() => copy(absolute, "Deck code link")}>
            Copy deck code link
          </button>
        )}
      </div>
      {codeUrl && (
        <p className="mt-2 break-all text-xs text-slate-600">
          Deck code link (no account needed, never changes): <a className="text-blue-700 underline" href={codeUrl} data-testid="deck-code-link">{codeUrl}</a>
        </p>
      )}
      <p aria-live="polite" className="mt-1 text-sm text-green-800">
        {message}
      </p>
    </section>
  );
}

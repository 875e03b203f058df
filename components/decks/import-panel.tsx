"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { applyImportAction, previewImportAction, type ImportPreview } from "@/lib/decks/actions";
import { LegalityBadge } from "@/components/decks/legality-badge";

/**
 * Import a deck from text or JSON: preview first (cards, legality, errors by
 * line), then create a new deck or replace the current deck's cards.
 */
export function ImportPanel({ target }: { target: { mode: "new" } | { mode: "replace"; deckId: string; expectedVersion: number; onReplaced?: (version: number) => void } }) {
  const id = useId();
  const router = useRouter();
  const [format, setFormat] = useState<"text" | "json">("text");
  const [text, setText] = useState("");
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [message, setMessage] = useState("");
  const [pending, start] = useTransition();

  const runPreview = () =>
    start(async () => {
      setPreview(null);
      setMessage("");
      const r = await previewImportAction({ format, text });
      if (r.ok) {
        setErrors([]);
        setPreview(r.data);
      } else {
        setErrors(r.fieldErrors?.text ?? []);
        setMessage(r.message);
      }
    });
  const apply = () =>
    start(async () => {
      const r = await applyImportAction({ format, text }, target.mode === "new" ? { mode: "new" } : { mode: "replace", deckId: target.deckId, expectedVersion: target.expectedVersion });
      if (!r.ok) {
        setMessage(r.message);
        return;
      }
      setMessage(r.message ?? "Imported.");
      setPreview(null);
      if (target.mode === "new") router.push(`/decks/${r.data.id}`);
      else {
        target.onReplaced?.(r.data.version);
        router.refresh();
      }
    });

  return (
    <section className="panel space-y-2" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="font-semibold">
        {target.mode === "new" ? "Import a deck" : "Import (replace this deck's cards)"}
      </h3>
      <fieldset className="flex gap-4 text-sm">
        <legend className="sr-only">Format</legend>
        <label className="flex items-center gap-1">
          <input type="radio" name={`${id}-format`} checked={format === "text"} onChange={() => setFormat("text")} /> Text
        </label>
        <label className="flex items-center gap-1">
          <input type="radio" name={`${id}-format`} checked={format === "json"} onChange={() => setFormat("json")} /> JSON
        </label>
      </fieldset>
      <label htmlFor={`${id}-text`} className="label">
        {format === "text" ? "One card a line, e.g. “5 Sonic the Hedgehog [DEMO-001]”" : "A Ringbinder deck JSON document"}
      </label>
      <textarea
        id={`${id}-text`}
        className="input font-mono text-xs"
        rows={6}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setPreview(null);
        }}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={`${id}-errors`}
      />
      <div className="flex gap-2">
        <button type="button" className="btn-secondary" onClick={runPreview} disabled={pending || !text.trim()}>
          Preview import
        </button>
        {preview && (
          <button type="button" className="btn-primary" onClick={apply} disabled={pending}>
            {target.mode === "new" ? "Create deck from import" : "Replace cards"}
          </button>
        )}
      </div>
      <div id={`${id}-errors`} aria-live="polite" className="space-y-1">
        {message && <p className={`text-sm ${preview || message.startsWith("Imported") || message.startsWith("Cards replaced") ? "text-green-800" : "text-red-800"}`}>{message}</p>}
        {errors.length > 0 && (
          <ul className="list-disc pl-5 text-sm text-red-800" data-testid="import-errors">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
      </div>
      {preview && (
        <div className="rounded border border-slate-200 p-2" data-testid="import-preview">
          <LegalityBadge check={preview.check} />
          <ul className="mt-2 columns-2 text-sm">
            {preview.cards.map((c) => (
              <li key={c.card.id}>
                {c.quantity} {c.card.title} <span className="text-slate-500">[{c.card.key}]</span>
              </li>
            ))}
          </ul>
          {preview.check.problems.some((p) => p.code !== "deck/too-few") && <p className="mt-1 text-sm text-red-800">This list breaks the 5-per-title rule and cannot be saved.</p>}
        </div>
      )}
    </section>
  );
}

"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { applyImportAction, previewImportAction, type ImportPreview } from "@/lib/decks/actions";
import { LegalityBadge } from "@/components/decks/legality-badge";

/** The largest file the import reads (the server accepts 200,000 characters). */
const MAX_IMPORT_FILE_BYTES = 200_000;

/**
 * Import a deck from any format it recognises (or text or JSON as chosen): preview first (cards, legality, errors by
 * line), then create a new deck or replace the current deck's cards.
 */
export function ImportPanel({ target }: { target: { mode: "new" } | { mode: "replace"; deckId: string; expectedVersion: number; onReplaced?: (version: number) => void } }) {
  const id = useId();
  const router = useRouter();
  const [format, setFormat] = useState<"auto" | "text" | "json">("auto");
  const [text, setText] = useState("");
  // a new deck's name: typed here, else the one the file names ("# Name" line, JSON name), else "Imported deck"
  const [name, setName] = useState("");
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
        if (!name.trim() && r.data.name) setName(r.data.name);
      } else {
        setErrors(r.fieldErrors?.text ?? []);
        setMessage(r.message);
      }
    });
  const apply = () =>
    start(async () => {
      const r = await applyImportAction(
        { format, text },
        target.mode === "new" ? { mode: "new", ...(name.trim() ? { name: name.trim() } : {}) } : { mode: "replace", deckId: target.deckId, expectedVersion: target.expectedVersion },
      );
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
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">Format</legend>
        <label className="flex items-center gap-1">
          <input type="radio" name={`${id}-format`} checked={format === "auto"} onChange={() => setFormat("auto")} /> Any format (detected)
        </label>
        <label className="flex items-center gap-1">
          <input type="radio" name={`${id}-format`} checked={format === "text"} onChange={() => setFormat("text")} /> Text
        </label>
        <label className="flex items-center gap-1">
          <input type="radio" name={`${id}-format`} checked={format === "json"} onChange={() => setFormat("json")} /> JSON
        </label>
      </fieldset>
      {target.mode === "new" && (
        <div>
          <label htmlFor={`${id}-name`} className="label">
            Deck name
          </label>
          <input id={`${id}-name`} className="input" maxLength={100} value={name} placeholder="From the file's “# Name” line, else “Imported deck”" onChange={(e) => setName(e.target.value)} />
        </div>
      )}
      <label htmlFor={`${id}-text`} className="label">
        {format === "auto"
          ? "Paste a deck: Ringbinder text or JSON, “5 Sonic the Hedgehog (DEMO) 1” lines, a Moxfield or Archidekt CSV export, or a Cockatrice .cod file"
          : format === "text"
            ? "One card a line, e.g. “5 Sonic the Hedgehog [DEMO-001]”"
            : "A Ringbinder deck JSON document"}
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
      <div>
        <label htmlFor={`${id}-file`} className="label">
          Or open a file (.txt, .csv, .cod, .json; at most 200 KB)
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".txt,.csv,.cod,.json,.dek,text/plain,text/csv,application/json,application/xml,text/xml"
          className="text-sm"
          onChange={async (e) => {
            const file = e.currentTarget.files?.[0];
            if (!file) return;
            setPreview(null);
            if (file.size > MAX_IMPORT_FILE_BYTES) {
              setErrors([]);
              setMessage(`${file.name} is ${Math.ceil(file.size / 1024)} KB; at most ${MAX_IMPORT_FILE_BYTES / 1000} KB can be imported.`);
              return;
            }
            setMessage("");
            setText(await file.text());
          }}
        />
      </div>
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
          <p className="mb-1 text-sm" data-testid="import-format">
            Read as {preview.format}. Nothing is saved until you confirm.
          </p>
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

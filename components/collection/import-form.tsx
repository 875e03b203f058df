"use client";

import { useId, useState } from "react";
import type { ActionResult } from "@/lib/server/action-result";
import type { ImportActionData } from "@/lib/collection/types";
import { ImportProgressBar, type ImportProgressState } from "@/components/ui/import-progress";
import { sendImport } from "@/components/collection/send-import";
import { checkImportSize, MAX_IMPORT_ROWS } from "@/lib/collection/transfer";
import { utf8ByteLength } from "@/lib/util/utf8";
import type { ImportMode } from "@/lib/collection/schemas";
import { FormMessage } from "@/components/ui/field";

const SHOWN_LINES = 300;

/**
 * Import a collection file: choose a file (or paste), pick add/replace, check
 * (dry run with row-level errors), then apply. Apply is offered only for the
 * exact input and mode that passed the check. Both go to POST
 * /api/collection/import, whose progress lines draw the bar.
 */
export function ImportForm() {
  const ids = useId();
  const [text, setText] = useState("");
  const [fileName, setFileName] = useState("");
  const [mode, setMode] = useState<ImportMode>("add");
  const [inputError, setInputError] = useState("");
  const [version, setVersion] = useState(0);
  const [checkedVersion, setCheckedVersion] = useState(-1);
  const [state, setState] = useState<ActionResult<ImportActionData> | null>(null);
  const [progress, setProgress] = useState<ImportProgressState | null>(null);
  const pending = progress !== null;

  function changed() {
    setVersion((v) => v + 1);
  }

  async function onFile(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    setInputError("");
    if (!file) return;
    const size = checkImportSize(file.size);
    if (!size.ok) {
      setInputError(size.message);
      setText("");
      setFileName("");
      e.target.value = "";
      changed();
      return;
    }
    setText(await file.text());
    setFileName(file.name);
    changed();
  }

  function submit(intent: "check" | "apply") {
    if (!text.trim()) {
      setInputError("Choose a CSV or JSON file, or paste its contents.");
      return;
    }
    const size = checkImportSize(utf8ByteLength(text));
    if (!size.ok) {
      setInputError(size.message);
      return;
    }
    const fd = new FormData();
    fd.set("text", text);
    fd.set("fileName", fileName || "pasted text");
    fd.set("mode", mode);
    fd.set("intent", intent);
    const submitted = version;
    setProgress({ phase: "upload", done: 0, total: 0 });
    void sendImport(fd, setProgress)
      .then((result) => {
        setState(result);
        setCheckedVersion(intent === "check" ? submitted : -1);
      })
      .finally(() => setProgress(null));
  }

  const data: ImportActionData | null = state?.ok ? state.data : null;
  const fieldErrors = state && !state.ok ? state.fieldErrors : undefined;
  const canApply = !!data && !data.applied && data.canApply && checkedVersion === version && data.mode === mode;

  return (
    <div className="space-y-4">
      <form
        className="panel space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit("check");
        }}
        noValidate
      >
        <div>
          <label htmlFor={`${ids}-file`} className="label">
            Collection file (CSV or JSON, up to 2 MB and {MAX_IMPORT_ROWS.toLocaleString("en")} rows)
          </label>
          <input
            id={`${ids}-file`}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            className="block text-sm file:mr-3 file:rounded-md file:border-0 file:bg-blue-700 file:px-3 file:py-2 file:font-semibold file:text-white"
            onChange={onFile}
            aria-describedby={`${ids}-file-hint ${ids}-file-error`}
          />
          <p id={`${ids}-file-hint`} className="mt-1 text-xs text-slate-600">
            Ringbinder&apos;s own files, and the CSV exports of Deckbox, Dragon Shield, ManaBox and TCGplayer, are recognised by their first row.
          </p>
          {fileName && (
            <p className="mt-1 text-xs text-slate-600" data-testid="import-loaded">
              Loaded {fileName} ({utf8ByteLength(text).toLocaleString("en")} bytes).
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${ids}-text`} className="label">
            …or paste it here
          </label>
          <textarea
            id={`${ids}-text`}
            className="input h-32 font-mono text-xs"
            placeholder={"set,number,title,quantity\nDEMO,1,Sonic the Hedgehog,2"}
            value={fileName ? "" : text}
            onChange={(e) => {
              setText(e.target.value);
              setFileName("");
              setInputError("");
              changed();
            }}
          />
        </div>
        <div id={`${ids}-file-error`} aria-live="polite">
          {(inputError || fieldErrors?.file) && (
            <p role="alert" className="field-error">
              {inputError || fieldErrors?.file?.[0]}
            </p>
          )}
        </div>
        <fieldset>
          <legend className="label">Mode</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" value="add" checked={mode === "add"} onChange={() => setMode("add")} />
              <span>
                <strong>Add to</strong> my collection
              </span>
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" value="replace" checked={mode === "replace"} onChange={() => setMode("replace")} />
              <span>
                <strong>Replace</strong> my collection with the file
              </span>
            </label>
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-secondary" disabled={pending}>
            {pending ? "Working…" : "Check (dry run)"}
          </button>
          <button type="button" className={mode === "replace" ? "btn-danger" : "btn-primary"} disabled={!canApply || pending} onClick={() => submit("apply")}>
            {mode === "replace" ? "Apply: replace my collection" : "Apply: add to my collection"}
          </button>
        </div>
        {progress && <ImportProgressBar progress={progress} />}
        <FormMessage message={pending ? undefined : state?.message} tone={state?.ok && (data?.applied || data?.canApply) ? "success" : "error"} />
      </form>

      {data && <ImportReport data={data} />}
    </div>
  );
}

function ImportReport({ data }: { data: ImportActionData }) {
  const { summary } = data;
  const [allErrors, setAllErrors] = useState(false);
  const errors = allErrors ? data.errors : data.errors.slice(0, SHOWN_LINES);
  return (
    <section className="panel space-y-4" aria-label={data.applied ? "Import result" : "Dry run result"}>
      <h2 className="text-lg font-bold">
        {data.applied ? "Imported" : "Dry run"}: {data.fileName} ({data.format.toUpperCase()}, {data.mode === "add" ? "add to" : "replace"})
      </h2>
      <p className="text-sm font-semibold" data-testid="import-source">
        Read as {data.source.label}
      </p>
      <p className="text-sm text-slate-700" data-testid="import-summary">
        {data.lines.length} card{data.lines.length === 1 ? "" : "s"} matched · {summary.changed} change{summary.changed === 1 ? "" : "s"} · +{summary.added} / −
        {summary.removed} copies
        {summary.removedEntries > 0 && <> · {summary.removedEntries} card{summary.removedEntries === 1 ? "" : "s"} not in the file would drop to 0</>}
      </p>
      {(summary.placed > 0 || summary.newBinders.length > 0) && (
        <p className="text-sm text-slate-700" data-testid="import-placed">
          {summary.placed} cop{summary.placed === 1 ? "y goes" : "ies go"} to a binder or carry details
          {summary.newBinders.length > 0 && <> · new binders: {summary.newBinders.join(", ")}</>}
        </p>
      )}
      {data.errors.length > 0 && (
        <div>
          <h3 className="mb-1 font-semibold text-red-800">
            {data.errors.length} row error{data.errors.length === 1 ? "" : "s"}: nothing can be imported until they are fixed
          </h3>
          <table className="w-full text-left text-sm" data-testid="import-errors">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1 pr-3">
                  Row
                </th>
                <th scope="col" className="py-1">
                  Problem
                </th>
              </tr>
            </thead>
            <tbody>
              {errors.map((e, i) => (
                <tr key={`${e.row}-${i}`} className="border-b border-slate-100">
                  <td className="py-1 pr-3 tabular-nums">{e.row}</td>
                  <td className="py-1 text-red-800">{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.errors.length > SHOWN_LINES && !allErrors && (
            <button type="button" className="btn-secondary mt-2" onClick={() => setAllErrors(true)}>
              Show all {data.errors.length.toLocaleString("en")} row errors
            </button>
          )}
        </div>
      )}
      {data.lines.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="import-lines">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1 pr-3">Row</th>
                <th scope="col" className="py-1 pr-3">Card</th>
                <th scope="col" className="py-1 pr-3">Title</th>
                <th scope="col" className="py-1 pr-3 text-right">In file</th>
                <th scope="col" className="py-1 pr-3 text-right">{data.applied ? "Before" : "Now"}</th>
                <th scope="col" className="py-1 text-right">{data.applied ? "After" : "Would be"}</th>
              </tr>
            </thead>
            <tbody>
              {data.lines.slice(0, SHOWN_LINES).map((l) => (
                <tr key={l.cardId} className="border-b border-slate-100">
                  <td className="py-1 pr-3 tabular-nums">{l.rows.join(", ")}</td>
                  <td className="py-1 pr-3 font-mono text-xs">{l.key}</td>
                  <td className="py-1 pr-3">{l.title}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{l.quantity}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{l.current}</td>
                  <td className={`py-1 text-right tabular-nums ${l.next !== l.current ? "font-semibold" : ""}`}>{l.next}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.lines.length > SHOWN_LINES && <p className="text-xs text-slate-500">…and {data.lines.length - SHOWN_LINES} more cards.</p>}
        </div>
      )}
    </section>
  );
}

"use client";

import { useActionState, useState } from "react";
import type { ActionResult } from "@/lib/server/action-result";
import type { ImportReport } from "@/lib/catalog/types";
import { REPORT_OTHER_ROWS } from "@/lib/catalog/import-summary";
import { importCatalogAction } from "@/lib/catalog/actions/catalog-import";
import { FormMessage } from "@/components/ui/field";
import { ImportProgressBar, readImportStream, type ImportProgressState } from "@/components/ui/import-progress";

const ACTION_STYLE: Record<string, string> = {
  create: "bg-green-100 text-green-800",
  update: "bg-blue-100 text-blue-800",
  unchanged: "bg-slate-100 text-slate-600",
  reject: "bg-red-100 text-red-800",
};

/** Upload a catalog file, see a row-by-row dry run, then apply it all or nothing. */
export function ImportForm({ maxMb }: { maxMb: number }) {
  // Without JavaScript the form posts to the server action; with it, the file goes to the
  // streaming import endpoint, which reports progress for the bar.
  const [actionState, action, actionPending] = useActionState<ActionResult<ImportReport> | null, FormData>(importCatalogAction, null);
  const [streamed, setStreamed] = useState<ActionResult<ImportReport> | null>(null);
  const [progress, setProgress] = useState<ImportProgressState | null>(null);
  const [fileChosen, setFileChosen] = useState(false);
  // Checked here: a file over the server's upload limit never reaches the action (the request itself is refused).
  const [sizeError, setSizeError] = useState<string | null>(null);
  const pending = actionPending || progress !== null;
  const state = streamed ?? actionState;
  const report = state?.ok ? state.data : null;

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(e.currentTarget, submitter instanceof HTMLElement ? submitter : null);
    const file = data.get("file");
    if (file instanceof File && file.size > maxMb * 1024 * 1024) {
      setSizeError(`This file is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is ${maxMb} MB. Split it into smaller files.`);
      return;
    }
    setStreamed(null);
    setProgress({ phase: "upload", done: 0, total: 0 });
    try {
      setStreamed(await readImportStream<ImportReport>("/api/catalog/import", data, setProgress));
    } finally {
      setProgress(null);
    }
  }
  const rejects = report?.rows.filter((r) => r.action === "reject") ?? [];
  const others = report?.rows.filter((r) => r.action !== "reject").slice(0, REPORT_OTHER_ROWS) ?? [];
  const hiddenOthers = (report?.omittedRows ?? 0) + (report?.rows.length ?? 0) - rejects.length - others.length;
  return (
    <div className="space-y-4">
      <form action={action} onSubmit={submit} className="panel space-y-3">
        <div>
          <label htmlFor="import-file" className="label">
            Catalog file (JSON or CSV, at most {maxMb} MB)
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".json,.csv,application/json,text/csv"
            className="block text-sm"
            onChange={(e) => {
              const file = e.target.files?.[0];
              const tooLarge = file && file.size > maxMb * 1024 * 1024;
              setSizeError(tooLarge ? `This file is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is ${maxMb} MB. Split it into smaller files.` : null);
              setFileChosen(Boolean(file) && !tooLarge);
            }}
            aria-describedby="import-file-error"
          />
          <div id="import-file-error" aria-live="polite">
            {sizeError && <p className="field-error">{sizeError}</p>}
            {!sizeError && state && !state.ok && state.fieldErrors?.file?.map((e) => <p key={e} className="field-error">{e}</p>)}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="mode" value="dry-run" className="btn-secondary" disabled={pending || !fileChosen}>
            {pending ? "Working…" : "Dry run"}
          </button>
          <button type="submit" name="mode" value="apply" className="btn-primary" disabled={pending || !fileChosen}>
            Apply import
          </button>
        </div>
        <p className="text-xs text-slate-500">A dry run writes nothing. Apply writes every row or, if any row is rejected, none.</p>
        {progress && <ImportProgressBar progress={progress} />}
      </form>
      <FormMessage message={state?.message} tone={state?.ok && report && (report.ok || !report.rows.length) ? "success" : "error"} />
      {report && report.rows.length > 0 && (
        <section aria-labelledby="report-heading" className="space-y-2">
          <h2 id="report-heading" className="text-lg font-semibold">
            {report.applied ? "Applied" : "Dry run"}: {report.counts.create} create · {report.counts.update} update · {report.counts.unchanged} unchanged · {report.counts.reject} rejected
          </h2>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm" aria-label="Import rows">
              <thead className="bg-slate-50 text-xs uppercase text-slate-500">
                <tr>
                  <th scope="col" className="px-3 py-2">Row</th>
                  <th scope="col" className="px-3 py-2">Card</th>
                  <th scope="col" className="px-3 py-2">Result</th>
                  <th scope="col" className="px-3 py-2">Details</th>
                </tr>
              </thead>
              <tbody>
                {[...rejects, ...others].map((r) => (
                  <tr key={r.line} className="border-t border-slate-100 align-top" data-testid={`import-row-${r.line}`}>
                    <td className="px-3 py-1.5 tabular-nums">{r.line}</td>
                    <td className="px-3 py-1.5 font-mono text-xs">{r.key ?? "—"}</td>
                    <td className="px-3 py-1.5">
                      <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${ACTION_STYLE[r.action]}`}>{r.action}</span>
                    </td>
                    <td className="px-3 py-1.5">
                      {r.errors.length > 0 ? (
                        <ul className="text-red-800">
                          {r.errors.map((e) => (
                            <li key={e}>{e}</li>
                          ))}
                        </ul>
                      ) : r.action === "update" ? (
                        <span className="text-slate-700">{r.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`).join("; ")}</span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {hiddenOthers > 0 && <p className="text-sm text-slate-600">…and {hiddenOthers} more rows without problems.</p>}
        </section>
      )}
    </div>
  );
}

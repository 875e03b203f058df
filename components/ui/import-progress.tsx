"use client";

import type { ActionResult } from "@/lib/server/action-result";
import { PHASE_LABELS, type ImportPhase, type ImportStreamLine } from "@/lib/server/import/progress";

export type ImportProgressState = { phase: ImportPhase | "upload"; done: number; total: number };

/** An import's progress: a labelled bar (indeterminate while a step has no count yet) and the step in words for screen readers. */
export function ImportProgressBar({ progress }: { progress: ImportProgressState }) {
  const known = progress.total > 0;
  const label = `${PHASE_LABELS[progress.phase]}${known ? `: ${progress.done.toLocaleString("en")} of ${progress.total.toLocaleString("en")}` : "…"}`;
  return (
    <div className="space-y-1" data-testid="import-progress">
      <progress className="h-2 w-full accent-blue-700" aria-label="Import progress" max={known ? progress.total : undefined} value={known ? progress.done : undefined} />
      <p className="text-sm text-slate-700" role="status" aria-live="polite">
        {label}
      </p>
    </div>
  );
}

/** Posts an import form to an import route and follows its stream of progress lines (lib/server/import/stream-response.ts) to the result. */
export async function readImportStream<T>(url: string, data: FormData, onProgress: (p: ImportProgressState) => void): Promise<ActionResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", body: data });
  } catch {
    return { ok: false, message: "The server could not be reached. Check your connection and try again; nothing was written." };
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    return { ok: false, message: body?.error?.message ?? `The import was refused (HTTP ${res.status}).` };
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let i;
    while ((i = buffer.indexOf("\n")) >= 0) {
      const line = JSON.parse(buffer.slice(0, i)) as ImportStreamLine<T>;
      buffer = buffer.slice(i + 1);
      if (line.type === "progress") onProgress({ phase: line.phase, done: line.done, total: line.total });
      else if (line.type === "result") return line.ok ? { ok: true, data: line.data, message: line.message } : { ok: false, message: line.message };
      else return { ok: false, message: line.message };
    }
    if (done) return { ok: false, message: "The connection closed before the import finished. Reload the page to see whether it was applied." };
  }
}

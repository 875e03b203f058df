/**
 * How far a bulk import has got (catalog and collection imports alike), for
 * the progress bars in the browser and the CLI. Pure: shared by lib/dal, the
 * import routes, the forms and scripts/.
 */
export type ImportPhase = "check" | "compare" | "stage" | "apply" | "done";

export type ImportProgress = { phase: ImportPhase; done: number; total: number };
export type OnImportProgress = (p: ImportProgress) => void;

/** Each phase in words (the bar's label; the browser adds "upload" before the server reports). */
export const PHASE_LABELS: Record<ImportPhase | "upload", string> = {
  upload: "Uploading the file",
  check: "Checking rows",
  compare: "Comparing with what is stored",
  stage: "Preparing the changes",
  apply: "Writing the changes",
  done: "Finishing",
};

/** One line of an import route's answer stream (application/x-ndjson): progress lines, then a result or an error. */
export type ImportStreamLine<T> =
  | ({ type: "progress" } & ImportProgress)
  | { type: "result"; ok: boolean; message: string; data: T }
  | { type: "error"; code: string; message: string };

/**
 * Wraps a progress callback so it fires at most every `everyMs` within a
 * phase (always on a new phase and on "done"): a 20,000-row import reports a
 * few dozen steps, not thousands.
 */
export function throttleProgress(onProgress: OnImportProgress, everyMs = 100): OnImportProgress {
  let last = 0;
  let phase = "";
  return (p) => {
    const now = Date.now();
    if (p.phase === phase && p.phase !== "done" && p.done < p.total && now - last < everyMs) return;
    last = now;
    phase = p.phase;
    onProgress(p);
  };
}

import type { ImportReport } from "@/lib/catalog/types";

/** The one-line outcome of a catalog import or dry run, as the form and the CLI say it. */
export function importSummary(report: ImportReport, mode: "dry-run" | "apply"): { ok: boolean; message: string } {
  if (report.fileError) return { ok: false, message: report.fileError.message };
  const { create, update, unchanged, reject } = report.counts;
  if (mode === "apply") {
    return report.applied
      ? { ok: true, message: `Imported: ${create} created, ${update} updated, ${unchanged} unchanged.` }
      : { ok: true, message: `Nothing was written: ${reject} row${reject === 1 ? "" : "s"} rejected. Fix them and try again.` };
  }
  return { ok: true, message: `Dry run: ${create} to create, ${update} to update, ${unchanged} unchanged, ${reject} rejected.` };
}

/** How many rows without problems the import page lists (every rejected row is always listed). */
export const REPORT_OTHER_ROWS = 200;

/**
 * The report as the import page gets it: every rejected row, the first
 * REPORT_OTHER_ROWS others, and how many were left out. A 20,000-row report
 * in full is megabytes of JSON, serialized in one go on the server's event
 * loop and parsed again in the browser, for rows the page does not show.
 */
export function reportForPage(report: ImportReport): ImportReport {
  let others = 0;
  const rows = report.rows.filter((r) => r.action === "reject" || others++ < REPORT_OTHER_ROWS);
  return { ...report, rows, omittedRows: (report.omittedRows ?? 0) + report.rows.length - rows.length };
}

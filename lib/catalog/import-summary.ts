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

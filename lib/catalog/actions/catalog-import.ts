"use server";

import { revalidatePath } from "next/cache";
import { fail, failFrom, ok, type ActionResult } from "@/lib/server/action-result";
import { requireAdmin } from "@/lib/server/session";
import { limit } from "@/lib/server/rate-limit";
import { applyImport, dryRunImport } from "@/lib/catalog/data/catalog-import";
import type { ImportReport } from "@/lib/catalog/types";
import { detectFormat, MAX_IMPORT_BYTES } from "@/lib/catalog/io";
import { importSummary, reportForPage } from "@/lib/catalog/import-summary";
import { failure } from "@/lib/server/errors";

/** Admin: dry-run or apply a catalog import file (JSON or CSV). The form uses it without JavaScript; with it, POST /api/catalog/import (progress). */
export async function importCatalogAction(_prev: ActionResult<ImportReport> | null, form: FormData): Promise<ActionResult<ImportReport>> {
  const file = form.get("file");
  const mode = form.get("mode");
  if (!(file instanceof File) || file.size === 0) return fail("Choose a JSON or CSV file to import.", { file: ["Choose a file."] });
  if (file.size > MAX_IMPORT_BYTES) return fail(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller files.`, { file: ["File too large."] });
  if (mode !== "dry-run" && mode !== "apply") return fail("Choose dry run or apply.");
  const format = detectFormat(file.name, form.get("format")?.toString());
  try {
    const admin = await requireAdmin();
    await limit("import", admin.id);
    const text = await file.text();
    const report = mode === "apply" ? await applyImport(text, format) : await dryRunImport(text, format);
    if (report.applied) {
      revalidatePath("/cards", "layout");
      revalidatePath("/admin", "layout");
    }
    const summary = importSummary(report, mode);
    return summary.ok ? ok(reportForPage(report), summary.message) : failFrom(failure("import/invalid", summary.message));
  } catch (e) {
    // refusals (sign-in, rate limit, a catalog changed underneath, a timeout): nothing was written
    return failFrom(e);
  }
}

"use server";

import { z } from "zod";
import { fail, failFrom, ok } from "@/lib/server/action-result";
import { defineFormAction } from "@/lib/server/action";
import { applyImport, dryRunImport } from "@/lib/catalog/data/catalog-import";
import { detectFormat, MAX_IMPORT_BYTES } from "@/lib/catalog/io";
import { importSummary, reportForPage } from "@/lib/catalog/import-summary";
import { failure } from "@/lib/server/errors";

/**
 * Admin: dry-run or apply a catalog import file (JSON or CSV). The form uses it
 * without JavaScript; with it, POST /api/catalog/import (progress). Refusals
 * (a rate limit, a catalog changed underneath, a timeout) write nothing; an
 * applied import invalidates the catalog's tags itself (lib/catalog/data/catalog-import).
 */
export const importCatalogAction = defineFormAction({
  input: z.object({ mode: z.enum(["dry-run", "apply"]), format: z.string().max(20).optional() }),
  invalid: () => fail("Choose dry run or apply."),
  auth: "admin",
  limit: "import",
  uploads: {
    file: { maxBytes: MAX_IMPORT_BYTES, tooLarge: () => failure("input/too-large", `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller files.`, { file: ["File too large."] }) },
  },
  run: async ({ mode, format }, actor, { files }) => {
    const file = files.file;
    if (!file) return fail("Choose a JSON or CSV file to import.", { file: ["Choose a file."] });
    const text = new TextDecoder().decode(file.bytes);
    const detected = detectFormat(file.name, format);
    const report = mode === "apply" ? await applyImport(actor, text, detected) : await dryRunImport(actor, text, detected);
    const summary = importSummary(report, mode);
    return summary.ok ? ok(reportForPage(report), summary.message) : failFrom(failure("import/invalid", summary.message));
  },
  refresh: true,
});

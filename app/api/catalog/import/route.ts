import { defineRoute, noInput } from "@/lib/server/route";
import { applyImport, dryRunImport } from "@/lib/catalog/data/catalog-import";
import { detectFormat, MAX_IMPORT_BYTES } from "@/lib/catalog/io";
import { importSummary, reportForPage } from "@/lib/catalog/import-summary";
import { DomainError, failure } from "@/lib/server/errors";
import { importStreamResponse } from "@/lib/server/import/stream-response";
import { readImportUpload } from "@/lib/server/import/upload";

const TOO_LARGE = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller files.`;

/**
 * POST /api/catalog/import (multipart: file, mode "dry-run" | "apply",
 * optional format; read as it arrives, lib/server/import/upload.ts, and only after an
 * admin is authenticated): an admin's catalog import, answered as a stream of
 * JSON lines (lib/server/import/stream-response.ts) whose result carries the
 * ImportReport. Refusals before the stream starts use the one JSON error
 * shape. An applied import invalidates the catalog's tags itself.
 */
export const POST = defineRoute({
  input: noInput,
  sameOrigin: "Imports are accepted from this site's pages only.",
  auth: "admin",
  limit: "import",
  run: async (_input, actor, request) => {
    if (Number(request.headers.get("content-length") ?? 0) > MAX_IMPORT_BYTES + 64 * 1024) return failure("input/too-large", TOO_LARGE);
    const { file, fields } = await readImportUpload(request, { fileBytes: MAX_IMPORT_BYTES, fieldBytes: 1024, tooLarge: () => new DomainError("input/too-large", TOO_LARGE) });
    const mode = fields.get("mode");
    if (!file) return failure("input/invalid", "Choose a JSON or CSV file to import.");
    if (mode !== "dry-run" && mode !== "apply") return failure("input/invalid", "Choose dry run or apply.");
    const format = detectFormat(file.name, fields.get("format"));
    const text = file.text;
    return importStreamResponse(async (onProgress) => {
      const report = mode === "apply" ? await applyImport(actor, text, format, onProgress) : await dryRunImport(actor, text, format, onProgress);
      return { ...importSummary(report, mode), data: reportForPage(report) };
    });
  },
});

import { revalidatePath } from "next/cache";
import { requireAdmin } from "@/lib/server/session";
import { applyImport, dryRunImport } from "@/lib/catalog/data/catalog-import";
import { detectFormat, MAX_IMPORT_BYTES } from "@/lib/catalog/io";
import { importSummary, reportForPage } from "@/lib/catalog/import-summary";
import { DomainError } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";
import { importStreamResponse, sameOrigin } from "@/lib/server/import/stream-response";
import { readImportUpload, type ImportUpload } from "@/lib/server/import/upload";
import { limit } from "@/lib/server/rate-limit";

const TOO_LARGE = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller files.`;

/**
 * POST /api/catalog/import (multipart: file, mode "dry-run" | "apply",
 * optional format; read as it arrives, lib/server/import/upload.ts): an admin's catalog import, answered as a stream of JSON
 * lines (lib/server/import/stream-response.ts) whose result carries the ImportReport.
 * Refusals before the stream starts use the one JSON error shape.
 */
export async function POST(request: Request) {
  let admin;
  let upload: ImportUpload;
  try {
    if (!sameOrigin(request)) throw new DomainError("request/cross-origin", "Imports are accepted from this site's pages only.");
    admin = await requireAdmin();
    await limit("import", admin.id);
    if (Number(request.headers.get("content-length") ?? 0) > MAX_IMPORT_BYTES + 64 * 1024) throw new DomainError("input/too-large", TOO_LARGE);
    upload = await readImportUpload(request, { fileBytes: MAX_IMPORT_BYTES, fieldBytes: 1024, tooLarge: () => new DomainError("input/too-large", TOO_LARGE) });
  } catch (e) {
    return jsonError(e);
  }
  const { file, fields } = upload;
  const mode = fields.get("mode");
  if (!file) return jsonError(new DomainError("input/invalid", "Choose a JSON or CSV file to import."));
  if (mode !== "dry-run" && mode !== "apply") return jsonError(new DomainError("input/invalid", "Choose dry run or apply."));
  const format = detectFormat(file.name, fields.get("format"));
  const text = file.text;
  return importStreamResponse(async (onProgress) => {
    const report = mode === "apply" ? await applyImport(text, format, onProgress) : await dryRunImport(text, format, onProgress);
    if (report.applied) {
      revalidatePath("/cards", "layout");
      revalidatePath("/admin", "layout");
    }
    return { ...importSummary(report, mode), data: reportForPage(report) };
  });
}

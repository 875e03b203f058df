import { revalidatePath } from "next/cache";
import { requireAdmin } from "@/lib/dal/session";
import { applyImport, dryRunImport } from "@/lib/dal/catalog-import";
import { detectFormat, MAX_IMPORT_BYTES } from "@/lib/catalog/io";
import { importSummary, reportForPage } from "@/lib/catalog/import-summary";
import { DomainError } from "@/lib/errors";
import { jsonError } from "@/lib/http-error";
import { importStreamResponse, sameOrigin } from "@/lib/import/stream-response";
import { limit } from "@/lib/rate-limit";

const TOO_LARGE = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller files.`;

/**
 * POST /api/catalog/import (multipart: file, mode "dry-run" | "apply",
 * optional format): an admin's catalog import, answered as a stream of JSON
 * lines (lib/import/stream-response.ts) whose result carries the ImportReport.
 * Refusals before the stream starts use the one JSON error shape.
 */
export async function POST(request: Request) {
  let admin;
  let form: FormData;
  try {
    if (!sameOrigin(request)) throw new DomainError("request/cross-origin", "Imports are accepted from this site's pages only.");
    admin = await requireAdmin();
    await limit("import", admin.id);
    if (Number(request.headers.get("content-length") ?? 0) > MAX_IMPORT_BYTES + 64 * 1024) throw new DomainError("input/too-large", TOO_LARGE);
    form = await request.formData().catch(() => {
      throw new DomainError("input/invalid", "Send the file as a multipart form.");
    });
  } catch (e) {
    return jsonError(e);
  }
  const file = form.get("file");
  const mode = form.get("mode");
  if (!(file instanceof File) || file.size === 0) return jsonError(new DomainError("input/invalid", "Choose a JSON or CSV file to import."));
  if (file.size > MAX_IMPORT_BYTES) return jsonError(new DomainError("input/too-large", TOO_LARGE));
  if (mode !== "dry-run" && mode !== "apply") return jsonError(new DomainError("input/invalid", "Choose dry run or apply."));
  const format = detectFormat(file.name, form.get("format")?.toString());
  // reading the multipart body and decoding the file are two long steps: a turn of the event loop between them
  await new Promise((resolve) => setTimeout(resolve, 0));
  const text = await file.text();
  return importStreamResponse(async (onProgress) => {
    const report = mode === "apply" ? await applyImport(text, format, onProgress) : await dryRunImport(text, format, onProgress);
    if (report.applied) {
      revalidatePath("/cards", "layout");
      revalidatePath("/admin", "layout");
    }
    return { ...importSummary(report, mode), data: reportForPage(report) };
  });
}

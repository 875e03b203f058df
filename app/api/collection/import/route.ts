import { defineRoute, noInput } from "@/lib/server/route";
import { applyCollectionImport, previewCollectionImport } from "@/lib/collection/data";
import { checkImportSize, detectFormat, MAX_IMPORT_BYTES } from "@/lib/collection/transfer";
import type { ImportActionData } from "@/lib/collection/types";
import { DomainError, failure } from "@/lib/server/errors";
import { importStreamResponse } from "@/lib/server/import/stream-response";
import { readImportUpload } from "@/lib/server/import/upload";
import { utf8ByteLength } from "@/lib/util/utf8";
import { importRequestSchema } from "@/lib/collection/schemas";

/**
 * POST /api/collection/import: import a file into the signed-in user's own
 * collection. Multipart fields: `file` (an upload) or `text` (pasted, with
 * `fileName`), `format` (csv|json|auto), `mode` (add|replace), `intent`
 * (check = dry run | apply = all rows or none). Answered as a stream of JSON
 * lines (lib/server/import/stream-response.ts) whose result carries the
 * ImportActionData; refusals before the stream starts use the one JSON error
 * shape. The body is read only after the user is authenticated.
 */
export const POST = defineRoute({
  input: noInput,
  sameOrigin: "Imports are accepted from this site's pages only.",
  auth: "user",
  limit: "import",
  run: async (_input, actor, request) => {
    const declaredBytes = Math.max(0, Number(request.headers.get("content-length") ?? 0) - 64 * 1024);
    const declared = checkImportSize(declaredBytes);
    if (!declared.ok) return declared;
    const tooLarge = () => {
      const size = checkImportSize(Math.max(declaredBytes, MAX_IMPORT_BYTES + 1));
      return new DomainError("import/too-large", size.ok ? "The file is too large." : size.message);
    };
    const { file, fields } = await readImportUpload(request, { fileBytes: MAX_IMPORT_BYTES, fieldBytes: MAX_IMPORT_BYTES, tooLarge });
    const pasted = fields.get("text");
    let text = "";
    let fileName = "";
    if (file) {
      text = file.text;
      fileName = file.name;
    } else if (pasted?.trim()) {
      text = pasted;
      const named = fields.get("fileName")?.trim();
      fileName = named ? named.slice(0, 200) : "pasted text";
    } else return failure("input/invalid", "Choose a file or paste the collection.");
    const size = checkImportSize(utf8ByteLength(text));
    if (!size.ok) return size;
    const requestedFormat = fields.get("format");
    const parsed = importRequestSchema.safeParse({
      mode: fields.get("mode"),
      format: requestedFormat === "csv" || requestedFormat === "json" ? requestedFormat : detectFormat(fileName, text),
    });
    if (!parsed.success) return failure("input/invalid", parsed.error.issues[0]?.message ?? "Choose add or replace.");
    const apply = fields.get("intent") === "apply";
    const { format, mode } = parsed.data;
    return importStreamResponse<ImportActionData>(async (onProgress) => {
      // a refusal the user can read (bad file, rows that changed since the check) is a DomainError (CollectionError): nothing was changed
      const result = apply ? await applyCollectionImport(actor, format, text, mode, onProgress) : await previewCollectionImport(actor, format, text, mode, onProgress);
      const data: ImportActionData = { ...result, applied: apply, format, fileName };
      if (apply) return { ok: true, data, message: `Imported ${result.lines.length} card${result.lines.length === 1 ? "" : "s"} (${mode === "add" ? "added to" : "replaced"} your collection).` };
      return { ok: true, data, message: result.canApply ? "Check passed: nothing is changed until you apply." : `${result.errors.length} row error(s): fix the file and check again.` };
    });
  },
});

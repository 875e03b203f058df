import { setImmediate as nextTurn } from "node:timers/promises";
import busboy from "busboy";
import { DomainError } from "@/lib/server/errors";

/**
 * Reads an import form (multipart/form-data) from a request as it arrives,
 * a slice of the body at a time, with a turn of the event loop between
 * slices: the file is decoded from UTF-8 piece by piece, so a 5 MB upload
 * never holds the server for one long stretch. (`request.formData()` read and
 * split the whole body in one task, then `file.text()` decoded it in another:
 * about 85 ms and 55 ms that every other request waited behind, in a profile
 * of a 20,000-row import; npm run bench:http -- --mode import.)
 *
 * Limits hold while reading: one file (in the field `fileField`), at most
 * `fileBytes` of it, a few short text fields (`fieldBytes` each), and the
 * body as a whole; past any of them reading stops and nothing is returned.
 */
export type ImportUpload = {
  /** The form's text fields (the last value of each name). */
  fields: Map<string, string>;
  /** The uploaded file, decoded as UTF-8 (a byte-order mark dropped); null when the form holds none or an empty one. */
  file: { name: string; text: string; bytes: number } | null;
};

export type UploadLimits = {
  /** The most bytes the file may have. */
  fileBytes: number;
  /** The most bytes a text field may have (a pasted file is one). */
  fieldBytes: number;
  /** The refusal for a file or field over its limit. */
  tooLarge: () => DomainError;
  /** The name of the file field; other files are ignored. */
  fileField?: string;
};

/** Bytes of the body handled between two turns of the event loop. */
const SLICE_BYTES = 128 * 1024;
/** What the parts' headers and boundaries may add to the limits above. */
const FORM_OVERHEAD = 64 * 1024;

export const notMultipart = () => new DomainError("input/invalid", "Send the file as a multipart form.");

export async function readImportUpload(request: Request, limits: UploadLimits): Promise<ImportUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data\s*;/i.test(contentType)) throw notMultipart();
  const fileField = limits.fileField ?? "file";
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // busboy flags a file or field that reaches its limit: one byte more, so that exactly fileBytes (fieldBytes) pass
      limits: { files: 1, fileSize: limits.fileBytes + 1, fields: 16, fieldSize: limits.fieldBytes + 1, parts: 20, fieldNameSize: 100, headerPairs: 20 },
      defParamCharset: "utf8",
    });
  } catch {
    // no boundary, or not a form busboy knows
    throw notMultipart();
  }

  const fields = new Map<string, string>();
  let file: ImportUpload["file"] = null;
  let refusal: DomainError | null = null;
  const refuse = (e: DomainError) => (refusal ??= e);

  parser.on("file", (name, stream, info) => {
    if (name !== fileField || file) {
      stream.resume();
      return;
    }
    const entry = { name: info.filename ?? "", text: "", bytes: 0 };
    file = entry;
    const decoder = new TextDecoder("utf-8");
    const pieces: string[] = [];
    stream.on("data", (chunk: Buffer) => {
      entry.bytes += chunk.length;
      pieces.push(decoder.decode(chunk, { stream: true }));
    });
    stream.on("limit", () => refuse(limits.tooLarge()));
    // a malformed body fails the file's stream too: the parser's own error reports it
    stream.on("error", () => {});
    stream.on("end", () => {
      pieces.push(decoder.decode());
      entry.text = pieces.join("");
    });
  });
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) refuse(limits.tooLarge());
    else fields.set(name, value);
  });
  for (const event of ["filesLimit", "fieldsLimit", "partsLimit"] as const) {
    parser.on(event, () => refuse(new DomainError("input/invalid", "The form has more parts than an import sends.")));
  }
  const finished = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  // a malformed body stops the reading below; caught here, so that it is not reported as unhandled meanwhile
  let malformed = false;
  finished.catch(() => (malformed = true));

  const reader = request.body.getReader();
  const maxBody = limits.fileBytes + limits.fieldBytes + FORM_OVERHEAD;
  let received = 0;
  let sliced = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBody) refuse(limits.tooLarge());
      if (refusal || malformed) break;
      const accepted = parser.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
      if (!accepted) await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), finished]);
      sliced += value.byteLength;
      if (sliced >= SLICE_BYTES) {
        sliced = 0;
        await nextTurn();
      }
    }
    if (refusal) {
      await reader.cancel().catch(() => {});
      throw refusal;
    }
    parser.end();
    await finished;
  } catch (e) {
    if (e instanceof DomainError) throw e;
    // a malformed or truncated body (busboy), or the client went away
    throw notMultipart();
  } finally {
    reader.releaseLock();
  }
  if (refusal) throw refusal;
  const uploaded = file as ImportUpload["file"];
  return { fields, file: uploaded && uploaded.bytes > 0 ? uploaded : null };
}

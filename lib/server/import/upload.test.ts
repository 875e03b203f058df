import { describe, expect, it } from "vitest";
import { readImportUpload, type UploadLimits } from "@/lib/server/import/upload";
import { DomainError } from "@/lib/server/errors";

const limits: UploadLimits = { fileBytes: 4096, fieldBytes: 256, tooLarge: () => new DomainError("input/too-large", "Too large.") };

/** The bytes and content type a browser would send for this form. */
async function encoded(form: FormData): Promise<{ body: Uint8Array; type: string }> {
  const r = new Request("http://x.test/", { method: "POST", body: form });
  return { body: new Uint8Array(await r.arrayBuffer()), type: r.headers.get("content-type")! };
}

/** A request whose body arrives in pieces of `size` bytes (all queued at once, as a fast client's would be). */
function requestOf(body: Uint8Array, type: string, size = body.length): Request {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < body.length; i += size) controller.enqueue(body.slice(i, i + size));
      controller.close();
    },
  });
  return new Request("http://x.test/", { method: "POST", body: stream, headers: { "content-type": type }, duplex: "half" } as RequestInit);
}

function form(file: string | null, fields: Record<string, string> = {}, name = "cards.csv"): FormData {
  const f = new FormData();
  if (file !== null) f.set("file", new Blob([file], { type: "text/csv" }), name);
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

describe("readImportUpload", () => {
  it("reads the file and the fields, decoding characters split between two pieces of the body", async () => {
    const text = "set,number,title\nDEMO,1,Café Échelon 🦔\nDEMO,2,Ŝonic\n";
    const { body, type } = await encoded(form(text, { mode: "apply", format: "csv" }));
    for (const size of [1, 3, 7, 1000]) {
      const got = await readImportUpload(requestOf(body, type, size), limits);
      expect(got.file).toEqual({ name: "cards.csv", text, bytes: Buffer.byteLength(text) });
      expect(Object.fromEntries(got.fields)).toEqual({ mode: "apply", format: "csv" });
    }
  });

  it("drops a byte-order mark, as reading the file as text did", async () => {
    const { body, type } = await encoded(form("\uFEFFset,number\n"));
    expect((await readImportUpload(requestOf(body, type), limits)).file?.text).toBe("set,number\n");
  });

  it("no file, or an empty one, is no file; pasted text is a field", async () => {
    const { body, type } = await encoded(form("", { text: "set,number,quantity\nDEMO,1,2\n" }));
    const got = await readImportUpload(requestOf(body, type), limits);
    expect(got.file).toBeNull();
    // as a browser sends a text field: its line breaks as CRLF
    expect(got.fields.get("text")).toBe("set,number,quantity\r\nDEMO,1,2\r\n");
    const none = await encoded(form(null, { mode: "apply" }));
    expect((await readImportUpload(requestOf(none.body, none.type), limits)).file).toBeNull();
  });

  it("refuses a file over its limit, a field over its limit, and too many parts", async () => {
    const big = await encoded(form("x".repeat(4097)));
    await expect(readImportUpload(requestOf(big.body, big.type, 512), limits)).rejects.toMatchObject({ code: "input/too-large" });
    const exact = await encoded(form("x".repeat(4096)));
    expect((await readImportUpload(requestOf(exact.body, exact.type, 512), limits)).file?.bytes).toBe(4096);
    const fits = await encoded(form("a", { text: "y".repeat(256) }));
    expect((await readImportUpload(requestOf(fits.body, fits.type), limits)).fields.get("text")).toHaveLength(256);
    const field = await encoded(form("a", { text: "y".repeat(257) }));
    await expect(readImportUpload(requestOf(field.body, field.type), limits)).rejects.toMatchObject({ code: "input/too-large" });
    const many = await encoded(form("a", Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, "v"]))));
    await expect(readImportUpload(requestOf(many.body, many.type), limits)).rejects.toMatchObject({ code: "input/invalid" });
  });

  it("refuses what is not a whole multipart form", async () => {
    const json = new Request("http://x.test/", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    await expect(readImportUpload(json, limits)).rejects.toMatchObject({ code: "input/invalid" });
    const noBoundary = requestOf(new TextEncoder().encode("--x\r\n"), "multipart/form-data; charset=utf-8");
    await expect(readImportUpload(noBoundary, limits)).rejects.toMatchObject({ code: "input/invalid" });
    const { body, type } = await encoded(form("set,number\nDEMO,1\n", { mode: "apply" }));
    // the body stops half-way (a client that went away)
    await expect(readImportUpload(requestOf(body.slice(0, Math.floor(body.length / 2)), type), limits)).rejects.toMatchObject({ code: "input/invalid" });
  });

  it("lets the event loop run between slices of a large body, even when all of it has arrived", async () => {
    const text = "DEMO,1,1\n".repeat(100_000);
    const { body, type } = await encoded(form(text));
    // counts the turns of the event loop while the body is read
    let turns = 0;
    let reading = true;
    const tick = () => {
      turns++;
      if (reading) setImmediate(tick);
    };
    setImmediate(tick);
    try {
      const got = await readImportUpload(requestOf(body, type, 64 * 1024), { ...limits, fileBytes: 2 * 1024 * 1024 });
      expect(got.file?.text.length).toBe(text.length);
    } finally {
      reading = false;
    }
    // 900 KB in slices of 128 KB: the loop turned between them (read in one go, it would not have turned once)
    expect(turns).toBeGreaterThanOrEqual(5);
  });
});

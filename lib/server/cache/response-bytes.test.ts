import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bodyBytes, keptByteLength, LARGE_STRING, sendLargeStringsAsBytes } from "@/lib/server/cache/response-bytes";

// a body with characters of every UTF-8 width, longer than the threshold
const LARGE = `<p>· ← → … ✓ 🦔</p>${"x".repeat(LARGE_STRING)}`;

describe("bodyBytes", () => {
  it("is the UTF-8 encoding, kept per string", () => {
    const bytes = bodyBytes(LARGE);
    expect(bytes.equals(Buffer.from(LARGE, "utf8"))).toBe(true);
    expect(bodyBytes(LARGE)).toBe(bytes);
  });
});

describe("sendLargeStringsAsBytes", () => {
  let server: http.Server;
  let base = "";
  const seen: unknown[] = [];
  let callbackCalled = false;

  beforeAll(async () => {
    const end = http.ServerResponse.prototype.end;
    // record what reaches Node's own end, under the patch
    http.ServerResponse.prototype.end = function (this: http.ServerResponse, ...args: unknown[]) {
      seen.push(args[0]);
      return (end as (...a: unknown[]) => http.ServerResponse).apply(this, args);
    } as typeof end;
    sendLargeStringsAsBytes();
    sendLargeStringsAsBytes(); // once only
    server = http.createServer((req, res) => {
      const body = req.url === "/large" || req.url === "/callback" ? LARGE : req.url === "/latin1" ? "é".repeat(LARGE_STRING) : "small · body";
      res.setHeader("content-type", "text/html; charset=utf-8");
      if (req.url === "/latin1") {
        res.setHeader("content-length", Buffer.byteLength(body, "latin1"));
        res.end(body, "latin1");
        return;
      }
      res.setHeader("content-length", Buffer.byteLength(body));
      if (req.url === "/callback") res.end(LARGE, () => (callbackCalled = true));
      else res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends a large string body as its bytes, unchanged on the wire", async () => {
    seen.length = 0;
    const res = await fetch(`${base}/large`);
    expect(await res.text()).toBe(LARGE);
    expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(LARGE));
    expect(Buffer.isBuffer(seen.at(-1))).toBe(true);
  });

  it("leaves small strings and other encodings alone", async () => {
    seen.length = 0;
    expect(await (await fetch(`${base}/small`)).text()).toBe("small · body");
    expect(typeof seen.at(-1)).toBe("string");
    const latin1 = await fetch(`${base}/latin1`);
    expect(Buffer.from(await latin1.arrayBuffer()).equals(Buffer.from("é".repeat(LARGE_STRING), "latin1"))).toBe(true);
    expect(typeof seen.at(-1)).toBe("string");
  });

  it("counts a kept body's UTF-8 bytes from its bytes, and any other string as Buffer.byteLength always did", async () => {
    await fetch(`${base}/large`);
    const kept = keptByteLength(LARGE);
    expect(kept).toBe(Buffer.from(LARGE, "utf8").length);
    expect(Buffer.byteLength(LARGE)).toBe(kept);
    expect(Buffer.byteLength(LARGE, "utf8")).toBe(kept);
    // not kept: counted, not encoded or kept
    const other = `${"é".repeat(LARGE_STRING)}→`;
    expect(keptByteLength(other)).toBeNull();
    expect(Buffer.byteLength(other)).toBe(LARGE_STRING * 2 + 3);
    expect(keptByteLength(other)).toBeNull();
    // other encodings and values are Buffer.byteLength's own
    expect(Buffer.byteLength(LARGE, "latin1")).toBe(LARGE.length);
    expect(Buffer.byteLength(Buffer.alloc(5))).toBe(5);
    expect(Buffer.byteLength("ab")).toBe(2);
  });

  it("still calls the callback given in place of the encoding", async () => {
    const res = await fetch(`${base}/callback`);
    expect(await res.text()).toBe(LARGE);
    await vi.waitFor(() => expect(callbackCalled).toBe(true));
  });
});

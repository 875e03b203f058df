import http from "node:http";

const patched = Symbol.for("ringbinder.responseBytesPatched");

/** Strings shorter than this are written as they are: Node writes them fast. */
export const LARGE_STRING = 16 * 1024;
/** The encoded bodies kept (the cached pages' HTML is the same string object on every hit). */
const KEEP = 64;
/** Bodies larger than this are encoded per response and not kept. */
const KEEP_MAX = 1024 * 1024;

const encoded = new Map<string, Buffer>();

/**
 * The UTF-8 bytes of a large response body. A cached page's HTML is one string
 * kept by the cache and handed to `res.end` on every hit, so its bytes are
 * kept too (a small FIFO; Map looks a string up by its cached hash).
 */
export function bodyBytes(body: string): Buffer {
  const hit = encoded.get(body);
  if (hit) return hit;
  const bytes = Buffer.from(body, "utf8");
  if (body.length <= KEEP_MAX) {
    if (encoded.size >= KEEP) encoded.delete(encoded.keys().next().value as string);
    encoded.set(body, bytes);
  }
  return bytes;
}

/** The UTF-8 byte count of a large string whose bytes are kept, else null (nothing is encoded or kept here). */
export function keptByteLength(body: string): number | null {
  return encoded.get(body)?.length ?? null;
}

function isUtf8(encoding: unknown): boolean {
  return encoding === undefined || typeof encoding === "function" || encoding === "utf8" || encoding === "utf-8";
}

/**
 * Node writes a large string to a socket far more slowly than the same bytes
 * as a Buffer: the 91 KB HTML of /cards cost 1.2 ms of CPU per response as a
 * string and 0.05 ms as a Buffer (the same test server, 20 connections on the
 * loopback), which was most of what serving a cached page cost. Next.js hands
 * a cached page's HTML to `res.end` as a string (send-payload.ts), so every
 * large string body is turned into its bytes first, and the bytes of the
 * cached pages are kept. Content-Length, which Next computes from the string
 * with `Buffer.byteLength` before every `res.end`, stays right: it is the same
 * UTF-8 byte count, and for a body whose bytes are kept it is answered from
 * them (counting the UTF-8 bytes of the 92 KB of `/cards?q=…` was 5.7% of the
 * server's CPU under load, a scan of the whole string per response). Called
 * once from instrumentation.ts in the Node.js runtime.
 */
export function sendLargeStringsAsBytes(): void {
  const proto = http.ServerResponse.prototype as unknown as Record<symbol, boolean> & {
    end: (this: http.ServerResponse, chunk?: unknown, encoding?: unknown, cb?: unknown) => http.ServerResponse;
  };
  if (proto[patched]) return;
  proto[patched] = true;
  const end = proto.end;
  proto.end = function (this: http.ServerResponse, chunk?: unknown, encoding?: unknown, cb?: unknown) {
    if (typeof chunk === "string" && chunk.length >= LARGE_STRING && isUtf8(encoding)) {
      return end.call(this, bodyBytes(chunk), typeof encoding === "function" ? encoding : cb);
    }
    return end.call(this, chunk, encoding, cb);
  };
  // only a lookup: a large string seen before as a response body (the same string object, for a cached page)
  const byteLength = Buffer.byteLength;
  Buffer.byteLength = function (value: Parameters<typeof Buffer.byteLength>[0], encoding?: BufferEncoding): number {
    if (typeof value === "string" && value.length >= LARGE_STRING && (encoding === undefined || encoding === "utf8" || encoding === "utf-8")) {
      const kept = keptByteLength(value);
      if (kept !== null) return kept;
    }
    return byteLength(value, encoding);
  } as typeof Buffer.byteLength;
}

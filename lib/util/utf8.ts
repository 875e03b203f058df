/** Node's Buffer where there is one (read from globalThis, so no bundler adds a Buffer polyfill to browser code). */
const NodeBuffer = (globalThis as { Buffer?: { byteLength(text: string, encoding: "utf8"): number } }).Buffer;

/**
 * The UTF-8 byte count of a text, for the import size limits, on the server
 * and in the browser. Node counts without encoding (a 5 MB file: no 5 MB
 * copy); the browser has only TextEncoder.
 */
export function utf8ByteLength(text: string): number {
  return NodeBuffer ? NodeBuffer.byteLength(text, "utf8") : new TextEncoder().encode(text).length;
}

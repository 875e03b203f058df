/**
 * The answer for an uploaded image served by its content hash (card images, census photos): its checked type,
 * nosniff, a CSP that lets nothing run should the file be opened on its own, same-origin only, and a 304 when the
 * browser already holds it. One place for these headers, so both routes keep the same protections.
 */
export function hashedImageResponse(
  request: Request,
  sha256: string,
  image: { contentType: string; data: Uint8Array; byteSize: number },
  cacheControl: string,
): Response {
  const etag = `"${sha256}"`;
  const headers = {
    "Content-Type": image.contentType,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": cacheControl,
    ETag: etag,
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Content-Disposition": "inline",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(Buffer.from(image.data), { headers: { ...headers, "Content-Length": String(image.byteSize) } });
}

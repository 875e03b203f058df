import http from "node:http";

const patched = Symbol.for("ringbinder.malformedPathsRefused");

/**
 * True when a request target's path (before any "?") has a percent-escape
 * that does not decode to UTF-8 (`/cards/%ff/1`, a lone `%`, a cut `%E0%A4`).
 * The query is left to the pages, which read it leniently.
 */
export function hasMalformedPath(target: string): boolean {
  const q = target.indexOf("?");
  const path = q >= 0 ? target.slice(0, q) : target;
  if (!path.includes("%")) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

const PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Bad address</title><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>This address cannot be read</h1><p>It contains a percent sign that is not followed by a valid escape (for example <code>%ff</code>). Check the link, or start again from the <a href="/">home page</a>.</p></body></html>`;

/**
 * Next.js answers a path whose escapes it cannot decode with a 500 (its 400
 * page does not exist in an App Router build). This answers such a request
 * 400 with a short page (or JSON under /api/) before Next.js sees it, for
 * guests and users alike. Called once from instrumentation.ts in the Node.js runtime.
 */
export function refuseMalformedPaths(): void {
  const proto = http.Server.prototype as unknown as Record<symbol, boolean> & { emit: (event: string, ...args: unknown[]) => boolean };
  if (proto[patched]) return;
  proto[patched] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === "request") {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (req.url && hasMalformedPath(req.url)) {
        const api = req.url.startsWith("/api/");
        const body = api ? JSON.stringify({ error: { code: "input/invalid", message: "The address contains a malformed percent-escape." } }) : PAGE;
        res.writeHead(400, {
          "Content-Type": api ? "application/json" : "text/html; charset=utf-8",
          "Cache-Control": "no-store",
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
          "Content-Length": Buffer.byteLength(body),
        });
        res.end(req.method === "HEAD" ? undefined : body);
        req.resume();
        return true;
      }
    }
    return emit.call(this, event, ...args);
  };
}

import http from "node:http";

/**
 * The dispatcher of the fast routes (lib/server/fast-route.ts): a request
 * whose method and path a registered fast route takes is served by it, before
 * Next sees it. Nothing but Node's http here: instrumentation.ts installs it,
 * and the routes (with the database client and everything they need) are
 * registered by the route modules Next loads, into one registry per process.
 */

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

/** The registered fast routes, by name: each returns true when it took the request. */
export function fastRoutes(): Map<string, Handler> {
  return ((globalThis as { [k: symbol]: unknown })[Symbol.for("ringbinder.fast-routes")] ??= new Map()) as Map<string, Handler>;
}

const patched = Symbol.for("ringbinder.fastRoutesServed");

/**
 * Serves the registered fast routes from every HTTP server of the process
 * (Next's), before Next sees their requests. Called once from
 * instrumentation.ts in the Node.js runtime, before the other request patches,
 * so that theirs (the peer address stamp, the malformed path refusal) run first.
 */
export function serveFastRoutes(): void {
  const proto = http.Server.prototype as unknown as Record<symbol, boolean> & { emit: (event: string, ...args: unknown[]) => boolean };
  if (proto[patched]) return;
  proto[patched] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === "request" && fastRoutes().size > 0) {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (req.url?.startsWith("/api/")) for (const handle of fastRoutes().values()) if (handle(req, res)) return true;
    }
    return emit.call(this, event, ...args);
  };
}

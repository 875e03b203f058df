import http from "node:http";

import { PEER_HEADER } from "@/lib/server/peer-address-header";
import { trustedProxyHops } from "@/lib/server/client-address";

/** The forwarded headers that name the site's host and scheme: a proxy's word, never a client's. */
const FORWARDED_SITE_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"] as const;

const patched = Symbol.for("ringbinder.peerAddressPatched");

/**
 * Next.js hands route handlers and server actions no socket, and it fills
 * `X-Forwarded-For` with the peer address only when the client sent none, so a
 * client could name any address it likes. This stamps every incoming request
 * with the real TCP peer address (overwriting whatever the client sent) before
 * Next.js sees it. Called once from instrumentation.ts in the Node.js runtime.
 *
 * Without trusted proxies (TRUST_PROXY unset) it also drops the
 * X-Forwarded-Host, -Proto and -Port a client sent: Next.js then fills them from
 * the Host header and the socket, so every reader downstream (Next's own action
 * origin check, Auth.js's URLs and cookie names, our origin checks) sees the
 * host and scheme the request really came to.
 */
export function stampPeerAddresses(): void {
  const proto = http.Server.prototype as unknown as Record<symbol, boolean> & { emit: (event: string, ...args: unknown[]) => boolean };
  if (proto[patched]) return;
  proto[patched] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? "";
      if (trustedProxyHops() === 0) for (const name of FORWARDED_SITE_HEADERS) delete req.headers[name];
    }
    return emit.call(this, event, ...args);
  };
}

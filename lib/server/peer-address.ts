import http from "node:http";

import { PEER_HEADER } from "@/lib/server/peer-address-header";

const patched = Symbol.for("ringbinder.peerAddressPatched");

/**
 * Next.js hands route handlers and server actions no socket, and it fills
 * `X-Forwarded-For` with the peer address only when the client sent none, so a
 * client could name any address it likes. This stamps every incoming request
 * with the real TCP peer address (overwriting whatever the client sent) before
 * Next.js sees it. Called once from instrumentation.ts in the Node.js runtime.
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
    }
    return emit.call(this, event, ...args);
  };
}

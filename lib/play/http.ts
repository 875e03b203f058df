import "server-only";
import { DomainError } from "@/lib/server/errors";
import { requestHost } from "@/lib/server/request-host";
import { authSecret, claimsOf, secureSessionCookie, sessionToken } from "@/lib/accounts/session-cookie";
import { sessionIsCurrent } from "@/lib/accounts/session-check";
import { sessionMemoGeneration } from "@/lib/accounts/session-memo";

/**
 * The checks the game routes share (docs/play.md): the request comes from
 * this site's own pages, a body stays within its size, and an open stream
 * learns when the session it was opened under has ended.
 */

/**
 * Refuses a request another site made: an Origin header must name this host
 * (X-Forwarded-Host counts only behind trusted proxies, lib/server/request-host.ts),
 * and a browser's Sec-Fetch-Site must say same-origin (or none: typed in).
 * `requireOrigin` (the action POST) also refuses a request without Origin,
 * which every browser sends on a POST.
 */
export function assertSameOrigin(request: { headers: { get(name: string): string | null } }, requireOrigin: boolean): void {
  if (!isSameOrigin(request.headers, requireOrigin)) throw new DomainError("request/cross-origin", "Games can only be played from this site's own pages.");
}

/** The check of {@link assertSameOrigin}, as a yes or no. */
export function isSameOrigin(headers: { get(name: string): string | null }, requireOrigin: boolean): boolean {
  const origin = headers.get("origin");
  const site = headers.get("sec-fetch-site");
  let ok = site === null || site === "same-origin" || site === "none";
  if (origin !== null) {
    try {
      ok &&= new URL(origin).host === requestHost(headers);
    } catch {
      ok = false;
    }
  } else if (requireOrigin) ok = false;
  return ok;
}

/** The request body as JSON, refused past `maxBytes` (before reading it all) or when it is not JSON. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new DomainError("input/too-large", `A game message has at most ${maxBytes} bytes.`);
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader)
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new DomainError("input/too-large", `A game message has at most ${maxBytes} bytes.`);
      }
      chunks.push(value);
    }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DomainError("input/invalid", "A game message is one JSON object.");
  }
}

/**
 * A check an open stream runs to learn that its session ended (sign-out,
 * "sign out everywhere", a password change): true while the session the
 * request came with is current. A guest's stream has no session to lose.
 */
export async function sessionWatch(request: { headers: { get(name: string): string | null } }, signedIn: boolean): Promise<() => Promise<boolean>> {
  if (!signedIn || !authSecret()) return async () => true;
  const token = await sessionToken(request.headers.get("cookie"), secureSessionCookie(request.headers.get("x-forwarded-proto")));
  const claims = token ? claimsOf(token) : null;
  if (!claims) return async () => false;
  return () => sessionIsCurrent(claims);
}

/** The session memo's generation: it changes the moment a session ends on this instance (or another tells it so). */
export function sessionGeneration(): number {
  return sessionMemoGeneration();
}

import { NextResponse, type NextRequest } from "next/server";
import { createHash } from "node:crypto";
import { contentSecurityPolicy, HSTS, imageHosts } from "@/lib/security-headers";
import { THEME_SCRIPT } from "@/lib/theme";
import { DomainError } from "@/lib/errors";
import { jsonError } from "@/lib/http-error";

/**
 * The app's own inline scripts, allowed by their hash (the same on every page,
 * cached or not): the theme script in the root layout's head.
 */
const INLINE_SCRIPT_HASHES = [THEME_SCRIPT].map((src) => `'sha256-${createHash("sha256").update(src, "utf8").digest("base64")}'`);

/**
 * Every page and route handler response gets a Content-Security-Policy with a
 * fresh nonce (Next.js reads it from the request's CSP header and puts it on
 * its scripts), and HSTS in production over https. Static assets get the
 * other security headers from next.config.js.
 */
export function proxy(request: NextRequest) {
  const crossOrigin = refuseCrossOriginAction(request);
  if (crossOrigin) return crossOrigin;
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const production = process.env.NODE_ENV === "production";
  const https = request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
  const csp = contentSecurityPolicy({ nonce, scriptHashes: INLINE_SCRIPT_HASHES, dev: !production, https: production && https, imageHosts: imageHosts() });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  if (production && https) response.headers.set("Strict-Transport-Security", HSTS);
  return response;
}

/**
 * A server action called from another site is refused with 403 and a JSON
 * error, before Next.js's own origin check (which answers such calls with a 500).
 * Same rule as Next's: the Origin's host must be the request's host.
 */
function refuseCrossOriginAction(request: NextRequest): Response | null {
  if (request.method !== "POST" || !request.headers.has("next-action")) return null;
  const origin = request.headers.get("origin");
  if (!origin) return null;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  let originHost: string | null = null;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = null;
  }
  if (originHost && originHost === host) return null;
  return jsonError(new DomainError("request/cross-origin", "This action can only be called from this site's own pages."));
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico|card-images/).*)" }],
};

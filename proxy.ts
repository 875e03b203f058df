import { NextResponse, type NextRequest } from "next/server";
import { createHash } from "node:crypto";
import { contentSecurityPolicy, HSTS, imageHosts, isEmbedPath } from "@/lib/server/security-headers";
import { THEME_SCRIPT } from "@/components/site/theme";
import { DomainError } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";
import { isCredentialsSignIn, refuseLockedOutSignIn } from "@/lib/accounts/sign-in-limits";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/cache/cache-control.cjs";
import { requestIsHttps, sameOriginRequest } from "@/lib/server/request-host";
import { actionBodyProblem } from "@/lib/server/action-body";

/**
 * The app's own inline scripts, allowed by their hash (the same on every page,
 * cached or not): the theme script in the root layout's head.
 */
const INLINE_SCRIPT_HASHES = [THEME_SCRIPT].map((src) => `'sha256-${createHash("sha256").update(src, "utf8").digest("base64")}'`);

/**
 * Pages whose HTML is the same for every visitor (nothing in them reads the
 * session or the query string): rendered once, kept in the cache until what
 * they show changes. A page listed here that rendered per request would go
 * without a CSP, and a static page missing here would get two policies (its
 * scripts blocked): e2e/security.spec.ts checks both. The list pages
 * (/cards, /decks/public) read their query string, so they render per request
 * from cached data, with a nonce like every other page rendered per request.
 */
const PUBLIC_PAGES = [
  /^\/$/,
  /^\/cards\/syntax$/,
  /^\/cards\/[^/]+\/\d+$/,
  /^\/decks\/starter\/[^/]+$/,
  /^\/d\/[^/]+$/,
  /^\/d\/code\/[^/]+$/,
  /^\/(rules|learn|forgot-password)$/,
];

/**
 * Pages rendered per request get a Content-Security-Policy with a fresh nonce
 * (Next.js reads it from the request's CSP header and puts it on its scripts).
 * The cached public pages get theirs from the cache (lib/server/cache/next-cache-handler.cjs:
 * the hashes of exactly the inline scripts of the cached HTML, no nonce, which
 * would force a render per request) and a Cache-Control that lets a shared
 * cache keep them. HSTS in production over https. Static assets get the other
 * security headers from next.config.js. A credentials sign-in from a client
 * address that is locked out is answered 429 before anything else runs
 * (lib/accounts/sign-in-limits.ts, refuseLockedOutSignIn). No signed-in page is
 * cached: they are rendered per request and keep Next's `private, no-store`.
 */
export function proxy(request: NextRequest): Response | Promise<Response> {
  if (isActionPost(request)) {
    const crossOrigin = refuseCrossOriginAction(request);
    if (crossOrigin) return crossOrigin;
    // a body Next.js cannot decode would be its 500: answered 400/413 here instead
    return actionBodyProblem(request).then((problem) => (problem ? jsonError(problem) : pageResponse(request)));
  }
  // a login flood from a locked-out address is refused here, before Auth.js parses anything (only that
  // request waits for the limiter; every other one is answered synchronously)
  if (isCredentialsSignIn(request)) return refuseLockedOutSignIn(request).then((refused) => refused ?? pageResponse(request));
  return pageResponse(request);
}

/** The CSP, HSTS and cache headers of a request the proxy lets through. */
function pageResponse(request: NextRequest): Response {
  const production = process.env.NODE_ENV === "production";
  // X-Forwarded-Proto counts only behind trusted proxies (TRUST_PROXY)
  const https = requestIsHttps(request.headers, request.nextUrl.protocol);
  const { pathname } = request.nextUrl;
  const readOnly = request.method === "GET" || request.method === "HEAD";
  const cached = readOnly && PUBLIC_PAGES.some((re) => re.test(pathname));

  // Production serves the public pages from the cache, with the cache's policy.
  // (Development renders every page per request: nonces everywhere there.)
  if (production && cached) {
    const headers = new Headers({ "Cache-Control": PUBLIC_CACHE_CONTROL });
    if (https) headers.set("Strict-Transport-Security", HSTS);
    return NextResponse.next({ headers });
  }

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = contentSecurityPolicy({ nonce, scriptHashes: INLINE_SCRIPT_HASHES, dev: !production, https: production && https, imageHosts: imageHosts(), embed: isEmbedPath(pathname) });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  if (production && https) response.headers.set("Strict-Transport-Security", HSTS);
  return response;
}

/**
 * A post that may call a server action: one from the page's script (the
 * Next-Action header), or a form posted without JavaScript (a form body to a
 * page; Next.js reads the action's id from its fields). Route handlers under
 * /api/ check their own requests.
 */
function isActionPost(request: NextRequest): boolean {
  if (request.method !== "POST" || request.nextUrl.pathname.startsWith("/api/")) return false;
  if (request.headers.has("next-action")) return true;
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  return type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded");
}

/**
 * A server action called from another site is refused with 403 and a JSON
 * error, before Next.js's own origin check (which answers such calls with a
 * 500). The Origin's host must be the request's host, where X-Forwarded-Host
 * counts only behind trusted proxies (lib/server/request-host.ts). A post without an
 * Origin (an old browser, a script) goes on to Next.js's own checks.
 */
function refuseCrossOriginAction(request: NextRequest): Response | null {
  if (!request.headers.get("origin") || sameOriginRequest(request.headers)) return null;
  return jsonError(new DomainError("request/cross-origin", "This action can only be called from this site's own pages."));
}

/**
 * The cached pages skip the proxy altogether (running it costs more than
 * serving the page from the cache): their CSP comes from the cache handler,
 * their Cache-Control and HSTS from next.config.js. A server action posted
 * anywhere still comes here (the cross-origin check). The game routes
 * (/api/play/…: an SSE stream and JSON answers, no document a CSP would
 * govern) skip it too: they check origin, session and limits themselves
 * (lib/play/http.ts, lib/server/route.ts), get the security headers from
 * next.config.js, and an action is the hot path of a live game.
 * Everything else, the list pages and every signed-in page among them, runs
 * it for its nonce.
 */
export const config = {
  matcher: [
    { source: "/((?!_next/static|_next/image|favicon.ico|card-images/|census-photos/|$|cards/syntax$|cards/[^/]+/\\d+$|d/|decks/starter/|rules$|learn$|forgot-password$|api/play/).*)" },
    { source: "/:path*", has: [{ type: "header", key: "next-action" }] },
    // a form posted without JavaScript (browsers send Origin with every post): the cross-origin and body checks
    { source: "/:path*", has: [{ type: "header", key: "origin" }, { type: "header", key: "content-type", value: "(multipart/form-data|application/x-www-form-urlencoded).*" }] },
  ],
};

import { NextResponse, type NextRequest } from "next/server";
import { createHash } from "node:crypto";
import { contentSecurityPolicy, HSTS, imageHosts } from "@/lib/server/security-headers";
import { THEME_SCRIPT } from "@/components/site/theme";
import { DomainError } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";
import { isCredentialsSignIn, refuseLockedOutSignIn } from "@/lib/accounts/sign-in-limits";
import { CACHED_LISTS, encodeListState, type CachedListPath } from "@/lib/server/cache/page-state";
import { LIST_STATE_HEADER } from "@/lib/server/cache/list-routes.cjs";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/cache/cache-control.cjs";
import { PRIVATE_KEY_HEADER, PRIVATE_PAGES, PRIVATE_PREFIX } from "@/lib/server/cache/private-routes.cjs";
import { canonicalPrivateQuery, makePrivateKey, type PrivatePath } from "@/lib/server/cache/private-key";
import { privateVersion } from "@/lib/server/cache/private-versions";
import { claimsOf, secureSessionCookie, sessionToken } from "@/lib/accounts/session-cookie";
import { rememberedSession, vouchWindowMs } from "@/lib/accounts/session-memo";

/**
 * The app's own inline scripts, allowed by their hash (the same on every page,
 * cached or not): the theme script in the root layout's head.
 */
const INLINE_SCRIPT_HASHES = [THEME_SCRIPT].map((src) => `'sha256-${createHash("sha256").update(src, "utf8").digest("base64")}'`);

/**
 * Pages whose HTML is the same for every visitor (nothing in them reads the
 * session): rendered once, kept in the cache until what they show changes. The
 * internal routes the list pages are served from, and the static pages, too.
 * A page listed here that rendered per request would go without a CSP, and a
 * static page missing here would get two policies (its scripts blocked):
 * e2e/security.spec.ts checks both.
 */
const PUBLIC_PAGES = [
  /^\/$/,
  /^\/cards$/,
  /^\/cards\/syntax$/,
  /^\/cards\/[^/]+\/\d+$/,
  /^\/decks\/public$/,
  /^\/decks\/starter\/[^/]+$/,
  /^\/d\/[^/]+$/,
  /^\/d\/code\/[^/]+$/,
  /^\/cached\/(cards|public-decks)\/[^/]+$/,
  /^\/(rules|learn|forgot-password)$/,
];

/**
 * Pages rendered per request get a Content-Security-Policy with a fresh nonce
 * (Next.js reads it from the request's CSP header and puts it on its scripts).
 * The cached public pages get theirs from the cache (lib/server/cache/next-cache-handler.cjs:
 * the hashes of exactly the inline scripts of the cached HTML, no nonce, which
 * would force a render per request), a Cache-Control that lets a shared cache
 * keep them, and a list page with a query gets the token of its per-query
 * cached route in a request header, which next.config.js rewrites to
 * (lib/server/cache/list-routes.cjs says why the proxy does not rewrite itself).
 * HSTS in production over https. Static assets get the other security headers
 * from next.config.js. A credentials sign-in from a client address that is
 * locked out is answered 429 before anything else runs
 * (lib/accounts/sign-in-limits.ts, refuseLockedOutSignIn).
 * A signed-in read of /collection or /decks whose session this instance
 * vouched for a moment ago goes to the private page cache (privatePage); the
 * internal private routes themselves are refused to every outside request.
 */
export function proxy(request: NextRequest): Response | Promise<Response> {
  if (isPrivateInternal(request.nextUrl.pathname)) return notFound();
  const crossOrigin = refuseCrossOriginAction(request);
  if (crossOrigin) return crossOrigin;
  const page = privatePageOf(request);
  if (page) return privatePage(request, page);
  // a login flood from a locked-out address is refused here, before Auth.js parses anything (only that
  // request waits for the limiter; every other one is answered synchronously)
  if (isCredentialsSignIn(request)) return refuseLockedOutSignIn(request).then((refused) => refused ?? pageResponse(request));
  return pageResponse(request);
}

/** Cache-Control of the signed-in pages, cached or not (Next's own for pages rendered per request). */
const PRIVATE_CACHE_CONTROL = "private, no-cache, no-store, max-age=0, must-revalidate";

/** `/cached/private` and below, with repeated slashes and in any case. */
const PRIVATE_INTERNAL = new RegExp(`^/+${PRIVATE_PREFIX.split("/").filter(Boolean).join("/+")}(/|$)`, "i");

/** True for a path under the internal private routes, however it is spelled (they are reached only by next.config.js's rewrite). */
function isPrivateInternal(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // a malformed escape: judged as written
  }
  return [pathname, decoded].some((p) => PRIVATE_INTERNAL.test(p));
}

function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_CACHE_CONTROL } });
}

/**
 * The private page a request may be served from the cache for: a production
 * read of /collection or /decks. (The router's prefetches look the same here,
 * Next hides its headers from the proxy: next.config.js leaves them to the
 * page rendered per request, lib/server/cache/private-routes.cjs.)
 */
function privatePageOf(request: NextRequest): PrivatePath | null {
  const { pathname } = request.nextUrl;
  if (!(pathname in PRIVATE_PAGES) || process.env.NODE_ENV !== "production") return null;
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  return pathname as PrivatePath;
}

/**
 * /collection or /decks for a signed-in user, from the private page cache
 * (docs/caching.md, "Private pages"): when the session cookie decrypts and
 * this instance's session-check memo says the token was current within the
 * vouching window (minutes while every session end reaches this instance at
 * once, else seconds: lib/accounts/session-memo.ts, vouchWindowMs)
 * (lib/accounts/session-memo.ts, read only), the page's key (user, data version,
 * canonical query, under an HMAC) goes on in a request header and
 * next.config.js rewrites to the internal route it names. Anything else
 * (no cookie, a token the memo does not know now, the version store
 * unreachable) renders the page per request, which checks the session in
 * full, redirects a guest to sign-in, and refreshes the memo.
 */
async function privatePage(request: NextRequest, path: PrivatePath): Promise<Response> {
  const https = request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
  const token = await sessionToken(request.headers.get("cookie"), secureSessionCookie(request.headers.get("x-forwarded-proto") ?? request.nextUrl.protocol));
  const claims = token ? claimsOf(token) : null;
  if (!claims || rememberedSession(claims, vouchWindowMs()) !== true) return pageResponse(request);
  const { view } = PRIVATE_PAGES[path];
  const version = await privateVersion(claims.uid, view);
  const key = version === null ? null : makePrivateKey(view, claims.uid, version, canonicalPrivateQuery(path, request.nextUrl.searchParams));
  if (!key) return pageResponse(request);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.delete(LIST_STATE_HEADER);
  requestHeaders.set(PRIVATE_KEY_HEADER, key);
  // the CSP comes with the cached page (lib/server/cache/next-cache-handler.cjs), as on the public pages
  const headers = new Headers({ "Cache-Control": PRIVATE_CACHE_CONTROL });
  if (https) headers.set("Strict-Transport-Security", HSTS);
  return NextResponse.next({ headers, request: { headers: requestHeaders } });
}

/** The CSP, HSTS and cache headers of a request the proxy lets through. */
function pageResponse(request: NextRequest): Response {
  const production = process.env.NODE_ENV === "production";
  const https = request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
  const { pathname, searchParams } = request.nextUrl;
  const readOnly = request.method === "GET" || request.method === "HEAD";

  const cached = readOnly && PUBLIC_PAGES.some((re) => re.test(pathname));
  const list = pathname in CACHED_LISTS ? (pathname as CachedListPath) : null;
  // the list state header is the proxy's own: set on reads of a list page, removed from anything else
  // (and the private page key is the proxy's alone: privatePage sets it, everything else goes without)
  const withListState = (headers: Headers) => {
    if (list && readOnly) headers.set(LIST_STATE_HEADER, encodeListState(list, searchParams));
    else headers.delete(LIST_STATE_HEADER);
    headers.delete(PRIVATE_KEY_HEADER);
    return headers;
  };

  // Production serves the public pages from the cache, with the cache's policy.
  // (Development renders every page per request: nonces everywhere there.)
  if (production && cached) {
    const headers = new Headers({ "Cache-Control": PUBLIC_CACHE_CONTROL });
    if (https) headers.set("Strict-Transport-Security", HSTS);
    return list ? NextResponse.next({ headers, request: { headers: withListState(new Headers(request.headers)) } }) : NextResponse.next({ headers });
  }

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = contentSecurityPolicy({ nonce, scriptHashes: INLINE_SCRIPT_HASHES, dev: !production, https: production && https, imageHosts: imageHosts() });

  const requestHeaders = withListState(new Headers(request.headers));
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

/**
 * The cached pages skip the proxy altogether (running it costs more than
 * serving the page from the cache): their CSP comes from the cache handler,
 * their Cache-Control and HSTS from next.config.js, and a list page with none
 * of its parameters, or only direct ones with plain values (/cards?q=t:robot),
 * is rewritten there too. A list page runs it only with one of its other
 * parameters or a value that is not plain (one entry per parameter, with the
 * direct ones' patterns: lib/server/cache/list-routes.cjs CACHED_LISTS, which
 * proxy.test.ts checks against), to turn the query into its cached route's
 * token. A server action posted anywhere still comes here
 * (the cross-origin check). (`cached/cards/`, `cached/public-decks/`: the
 * internal list routes. Every other path under `cached/`, the internal private
 * routes among them, runs the proxy, which refuses it.)
 */
export const config = {
  matcher: [
    { source: "/((?!_next/static|_next/image|favicon.ico|card-images/|$|cached/cards/|cached/public-decks/|cards$|decks/public$|cards/syntax$|cards/[^/]+/\\d+$|d/|decks/starter/|rules$|learn$|forgot-password$).*)" },
    { source: "/cards", has: [{ type: "query", key: "q" }], missing: [{ type: "query", key: "q", value: "[A-Za-z0-9 ()<>=:!.,'\"_*+-]{1,200}" }] },
    { source: "/cards", has: [{ type: "query", key: "sort" }] },
    { source: "/cards", has: [{ type: "query", key: "dir" }] },
    { source: "/cards", has: [{ type: "query", key: "page" }], missing: [{ type: "query", key: "page", value: "[1-9][0-9]{0,4}" }] },
    { source: "/cards", has: [{ type: "query", key: "view" }] },
    { source: "/decks/public", has: [{ type: "query", key: "name" }] },
    { source: "/decks/public", has: [{ type: "query", key: "card" }] },
    { source: "/decks/public", has: [{ type: "query", key: "sort" }] },
    { source: "/:path*", has: [{ type: "header", key: "next-action" }] },
  ],
};

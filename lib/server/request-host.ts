import { trustedProxyHops } from "@/lib/server/client-address";

type HeaderSource = { get(name: string): string | null };

/**
 * The host a request was sent to, as the origin checks compare it with the
 * Origin header: X-Forwarded-Host (its first entry, the one the outermost
 * proxy was asked for) only behind trusted proxies (TRUST_PROXY), since any
 * client can send one; otherwise the Host header.
 */
export function requestHost(headers: HeaderSource): string | null {
  const host = headers.get("host");
  if (trustedProxyHops() === 0) return host;
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return forwarded || host;
}

/**
 * True when the request's Origin names this site. Without trusted proxies an
 * X-Forwarded-Host that differs from Host makes it false too: Next.js's own
 * action check compares the Origin with that header, and a request the two
 * checks judge differently must be refused here rather than fail there.
 */
export function sameOriginRequest(headers: HeaderSource): boolean {
  const origin = headers.get("origin");
  if (!origin) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  if (originHost !== requestHost(headers)) return false;
  const forwarded = headers.get("x-forwarded-host");
  return trustedProxyHops() > 0 || !forwarded || forwarded === headers.get("host");
}

/**
 * Whether the request reached the site over https: the URL's own scheme, or
 * X-Forwarded-Proto ("https", its first entry) only behind trusted proxies
 * (TRUST_PROXY). Without them a client could claim https (or hide it) at will.
 */
export function requestIsHttps(headers: HeaderSource, urlProtocol: string): boolean {
  if (urlProtocol === "https:") return true;
  if (trustedProxyHops() === 0) return false;
  return headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

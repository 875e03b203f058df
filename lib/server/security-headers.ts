/**
 * The Content-Security-Policy and HSTS that proxy.ts sets on pages and route
 * handlers. The headers every response carries, static assets included
 * (nosniff, Referrer-Policy, Permissions-Policy, ...), are in next.config.js.
 * The policy itself is built in lib/server/csp-policy.cjs, which the cache handler
 * shares (cached pages get script hashes instead of a nonce: docs/security.md).
 */
import { imageHosts } from "./csp-policy.cjs";

export { contentSecurityPolicy, HSTS, imageHosts, isEmbedPath } from "./csp-policy.cjs";

/** True for an image URL the app may show: its own paths, or https on an allowed host. */
export function isAllowedImageUrl(url: string, hosts: readonly string[] = imageHosts()): boolean {
  if (url.startsWith("/") && !url.startsWith("//")) return true;
  try {
    const u = new URL(url);
    return u.protocol === "https:" && hosts.includes(u.origin);
  } catch {
    return false;
  }
}

/** A stored image URL as pages may show it: null when its host is not (or no longer) allowed. */
export function shownImageUrl(url: string | null): string | null {
  return url && isAllowedImageUrl(url) ? url : null;
}


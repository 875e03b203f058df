/**
 * The Content-Security-Policy and HSTS that proxy.ts sets on pages and route
 * handlers. The headers every response carries, static assets included
 * (nosniff, Referrer-Policy, Permissions-Policy, ...), are in next.config.js.
 */

/**
 * Image hosts an operator allows card images from: IMAGE_HOSTS, comma-separated
 * https origins (e.g. "https://images.example.com"). Anything else is refused
 * when a card is saved or imported, dropped when a card is shown, and blocked by
 * the Content-Security-Policy's img-src.
 */
export function imageHosts(env: Record<string, string | undefined> = process.env): string[] {
  return (env.IMAGE_HOSTS ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean)
    .flatMap((h) => {
      try {
        const u = new URL(h.includes("://") ? h : `https://${h}`);
        return u.protocol === "https:" ? [u.origin] : [];
      } catch {
        return [];
      }
    });
}

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

/**
 * The Content-Security-Policy of pages and API responses. Scripts need the
 * per-request nonce or, for the app's own fixed inline scripts, their hash ('strict-dynamic' lets Next's nonce'd loader fetch its
 * chunks and the AI worker); no 'unsafe-eval' outside development. Styles allow
 * inline style attributes (React's style prop; CSS cannot run script).
 */
export function contentSecurityPolicy(opts: { nonce: string; scriptHashes?: readonly string[]; dev: boolean; https: boolean; imageHosts: readonly string[] }): string {
  const hashes = opts.scriptHashes?.length ? ` ${opts.scriptHashes.join(" ")}` : "";
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${opts.nonce}'${hashes} 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${opts.imageHosts.length ? " " + opts.imageHosts.join(" ") : ""}`,
    "font-src 'self'",
    `connect-src 'self'${opts.dev ? " ws:" : ""}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
  ];
  if (opts.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** HSTS for production over https: two years, subdomains included. */
export const HSTS = "max-age=63072000; includeSubDomains";

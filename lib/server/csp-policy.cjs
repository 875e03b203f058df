/**
 * The Content-Security-Policy, in one place for its two users: proxy.ts (pages
 * rendered per request: a fresh nonce) and the cache handler
 * (lib/server/cache/next-cache-handler.cjs: cached public pages, whose HTML is the same
 * for everyone, get the hashes of exactly the inline scripts in that HTML).
 * Plain CommonJS because Next loads the cache handler at run time without
 * compiling it; lib/server/security-headers.ts re-exports it with its types.
 */
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- loaded uncompiled by the cache handler (CommonJS) */

const { createHash } = require("node:crypto");

/**
 * Image hosts an operator allows card images from: IMAGE_HOSTS, comma-separated
 * https origins (e.g. "https://images.example.com"). Anything else is refused
 * when a card is saved or imported, dropped when a card is shown, and blocked by
 * the Content-Security-Policy's img-src.
 */
function imageHosts(env = process.env) {
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

/**
 * The policy. Scripts: with a nonce (pages rendered per request), the nonce and
 * the app's fixed inline scripts by hash, and 'strict-dynamic' so Next's
 * nonce'd loader may fetch its chunks and the AI worker; without a nonce
 * (cached pages), the app's own files ('self') and each inline script of the
 * page by its hash. Never 'unsafe-inline' for scripts; 'unsafe-eval' only in
 * development. Styles allow inline style attributes (React's style prop; CSS
 * cannot run script). Framing: 'none', except for the embed pages (/embed/*,
 * made for other sites' iframes: opts.embed, any ancestor; isEmbedPath).
 */
function contentSecurityPolicy(opts) {
  const hashes = opts.scriptHashes && opts.scriptHashes.length ? ` ${opts.scriptHashes.join(" ")}` : "";
  const scripts = opts.nonce ? `'self' 'nonce-${opts.nonce}'${hashes} 'strict-dynamic'` : `'self'${hashes}`;
  const directives = [
    "default-src 'self'",
    `script-src ${scripts}${opts.dev ? " 'unsafe-eval'" : ""}`,
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
    `frame-ancestors ${opts.embed ? "*" : "'none'"}`,
  ];
  if (opts.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** The pages other sites may frame: /embed/ and below (their policy allows any ancestor, and no X-Frame-Options). */
function isEmbedPath(pathname) {
  return pathname === "/embed" || pathname.startsWith("/embed/");
}

/** The CSP source of one inline script's exact text. */
function scriptHash(source) {
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
}

/**
 * The hashes of every inline script in a page's HTML (Next's flight data, its
 * Suspense helpers, the theme script), distinct, in order. React escapes "</"
 * inside script text, so the first "</script" closes the element.
 */
function inlineScriptHashes(html) {
  const out = new Set();
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  let m;
  while ((m = re.exec(html))) {
    if (/\bsrc\s*=/i.test(m[1]) || m[2] === "") continue;
    out.add(scriptHash(m[2]));
  }
  return [...out];
}

/** The policy of a cached page: no nonce, each of its inline scripts by hash. */
function cachedPagePolicy(html, env = process.env) {
  return contentSecurityPolicy({ scriptHashes: inlineScriptHashes(html), dev: false, https: false, imageHosts: imageHosts(env) });
}

/** HSTS for production over https: two years, subdomains included. */
const HSTS = "max-age=63072000; includeSubDomains";

module.exports = { HSTS, imageHosts, contentSecurityPolicy, isEmbedPath, scriptHash, inlineScriptHashes, cachedPagePolicy };

/* eslint-disable @typescript-eslint/no-require-imports -- next.config.js is CommonJS; the header values live in lib/*.cjs */
const { PUBLIC_CACHE_CONTROL } = require("./lib/server/cache/cache-control.cjs");
const { HSTS } = require("./lib/server/csp-policy.cjs");
const { BASE_HEADERS, NOT_EMBED_HEADERS } = require("./lib/server/base-headers.cjs");

/**
 * The cached public pages: their Cache-Control is set here, proxy.ts does not run for them (its matcher). The list
 * pages (/cards, /decks/public) read their query string and render per request from cached data (docs/caching.md).
 */
const CACHED_PAGES = ["/", "/rules", "/learn", "/forgot-password", "/cards/syntax", "/cards/:set/:number(\\d+)", "/d/:path*", "/decks/starter/:slug"];

/** Every path but /embed and below (path-to-regexp, as Next matches `source`). */
const FRAMEABLE_EXCEPT_EMBED = "/:path((?!embed(?:/|$)).*)";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // No ETag: Next computes it by hashing the whole HTML in JavaScript on every response, which cost cached pages
  // more than serving them (npm run bench:http); shared caches keep public pages by their Cache-Control.
  generateEtags: false,
  // forbidden() renders app/forbidden.tsx with status 403 (admin pages for non-admins).
  // Catalog imports upload files up to 5 MB through a server action (lib/catalog/io.ts MAX_IMPORT_BYTES); a census submission
  // carries two photos of up to 4 MB each (lib/census/photo-limits.ts) and its text fields: 9 MB covers both.
  experimental: { authInterrupts: true, serverActions: { bodySizeLimit: "9mb" } },
  // Cached public pages and data stay in memory (never on disk) and tag invalidations reach
  // every instance through Redis when REDIS_URL is set (lib/server/cache/next-cache-handler.cjs, on
  // the documented cacheHandler interface).
  cacheHandler: require.resolve("./lib/server/cache/next-cache-handler.cjs"),
  // `npm test` type-checks the whole project (npm run typecheck); the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "pg", "@prisma/adapter-pg"],
  // Test builds write to their own folder so `npm test` never clobbers the build `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Every response. The Content-Security-Policy comes from proxy.ts (a per-request nonce) or, on cached pages, from
  // the cache handler (script hashes: docs/security.md).
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [...BASE_HEADERS],
      },
      // no framing by other sites, except the embed pages (/embed/*: their CSP's frame-ancestors allows any site)
      { source: FRAMEABLE_EXCEPT_EMBED, headers: [...NOT_EMBED_HEADERS] },
      // HSTS over https (behind a proxy that says so); proxy.ts sets it too on what it handles
      ...(process.env.NODE_ENV === "production" ? [{ source: "/:path*", has: [{ type: "header", key: "x-forwarded-proto", value: "https" }], headers: [{ key: "Strict-Transport-Security", value: HSTS }] }] : []),
      ...CACHED_PAGES.map((source) => ({ source, headers: [{ key: "Cache-Control", value: PUBLIC_CACHE_CONTROL }] })),
    ];
  },
};

module.exports = nextConfig;

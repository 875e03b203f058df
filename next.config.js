/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // forbidden() renders app/forbidden.tsx with status 403 (admin pages for non-admins).
  // Catalog imports upload files up to 5 MB through a server action (lib/catalog/io.ts MAX_IMPORT_BYTES).
  experimental: { authInterrupts: true, serverActions: { bodySizeLimit: "6mb" } },
  // Cached public pages and data stay in memory (never on disk) and tag invalidations reach
  // every instance through Redis when REDIS_URL is set (lib/cache/next-cache-handler.cjs).
  cacheHandler: require.resolve("./lib/cache/next-cache-handler.cjs"),
  // `npm test` type-checks the whole project (npm run typecheck); the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "pg", "@prisma/adapter-pg"],
  // Test builds write to their own folder so `npm test` never clobbers the build `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Every response; the Content-Security-Policy (with its per-request nonce) and HSTS come from proxy.ts.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
          {
            key: "Permissions-Policy",
            value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), browsing-topics=()",
          },
          { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
        ],
      },
    ];
  },
};

module.exports = nextConfig;

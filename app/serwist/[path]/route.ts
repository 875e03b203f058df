import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createSerwistRoute } from "@serwist/turbopack";

/**
 * /serwist/sw.js: the service worker (app/sw.ts) bundled at build time by Serwist with the precache manifest of
 * the build's static assets. The offline page's revision follows its source, so a new page replaces the old copy.
 */
/** The build's folder (next.config.js distDir): e2e and benchmark builds have their own. */
const distDir = process.env.NEXT_DIST_DIR || ".next";
const offlineRevision = createHash("sha256").update(readFileSync("app/offline/page.tsx")).digest("hex").slice(0, 16);

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: "app/sw.ts",
  useNativeEsbuild: true,
  additionalPrecacheEntries: [{ url: "/offline", revision: offlineRevision }],
  // scripts, styles and fonts of the build and the app icons; no source maps, no media of the catalog
  globPatterns: [`${distDir}/static/**/*.{js,css,woff2}`, "public/icons/*.png"],
});

/// <reference lib="webworker" />
/**
 * The service worker (Serwist), built by app/serwist/[path]/route.ts and served at /serwist/sw.js with scope "/".
 * What it keeps on the device (docs/offline.md):
 *  - the app's static assets (precached at install: scripts, styles, fonts, icons) and the offline page;
 *  - the booster entry page, network first (the last copy serves when there is no connection; sign-out deletes it);
 *  - nothing else: every other page and every API answer goes to the network, and a page that cannot load offline
 *    shows the offline page. The lookup index and queued packs live in IndexedDB, written by the page itself.
 */
import type { PrecacheEntry, SerwistGlobalConfig } from "serwist";
import { CacheFirst, ExpirationPlugin, NetworkFirst, Serwist } from "serwist";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

/** The cache holding the booster page's last copy; components/accounts/account-menu.tsx deletes it at sign-out. */
const BOOSTER_CACHE = "ringbinder-booster-page";

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching: [
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && request.mode === "navigate" && url.pathname === "/collection/booster",
      handler: new NetworkFirst({ cacheName: BOOSTER_CACHE, networkTimeoutSeconds: 4, plugins: [new ExpirationPlugin({ maxEntries: 1 })] }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/_next/static/"),
      handler: new CacheFirst({ cacheName: "ringbinder-static", plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 })] }),
    },
  ],
  fallbacks: {
    entries: [{ url: "/offline", matcher: ({ request }) => request.destination === "document" }],
  },
});

serwist.addEventListeners();

"use client";

import { useEffect } from "react";

/** The service worker's script (app/sw.ts, built by app/serwist/[path]/route.ts) and the cache of the booster page it keeps. */
const SW_URL = "/serwist/sw.js";
const BOOSTER_CACHE = "ringbinder-booster-page";

/**
 * Registers the service worker in production builds (a development server rebuilds too often for one): it makes
 * the app installable and booster entry usable offline (docs/offline.md).
 */
export function ServiceWorker() {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(SW_URL, { scope: "/" }).catch(() => {
      // no service worker (blocked, private window): the app works as a plain site
    });
  }, []);
  return null;
}

/** At sign-out: the device forgets the signed-in booster page it kept for offline use. */
export async function forgetOfflinePages(): Promise<void> {
  try {
    if ("caches" in window) await caches.delete(BOOSTER_CACHE);
  } catch {
    // nothing kept, or storage blocked
  }
}

/**
 * What a shared cache (a CDN or reverse proxy) may keep of the public pages: a
 * minute fresh, then served stale for up to ten while it refreshes. The app's
 * own cache is invalidated at once on every write; a shared cache in front of
 * it only ages out (docs/caching.md). Sent by next.config.js on the cached
 * pages, and by proxy.ts on the list pages with a query, which it runs for.
 * CommonJS so next.config.js can read it.
 */
"use strict";

const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

module.exports = { PUBLIC_CACHE_CONTROL };

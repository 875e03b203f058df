/**
 * The signed-in pages served from the private page cache (/collection,
 * /decks): the internal route each is served from, the parameters of its
 * canonical query, and the routing that gets a request there (docs/caching.md,
 * "Private pages").
 *
 * proxy.ts vouches for the session (without a database: the decoded cookie and
 * the session-check memo), reads the user's data version, and hands on the
 * page's key (lib/server/cache/private-key.ts: user, version and canonical query under
 * an HMAC) in a request header; next.config.js rewrites to the internal route
 * the header names (the proxy does not rewrite itself: lib/server/cache/list-routes.cjs
 * says why). Requests without the header render the page itself, per request.
 * The internal routes are never served to a request from outside: the proxy
 * answers 404 to any path under PRIVATE_PREFIX.
 * CommonJS so next.config.js can read it.
 */
"use strict";

/** The private pages: public path -> view (its data version), internal route, parameters (canonical order). */
const PRIVATE_PAGES = {
  "/collection": { view: "collection", internal: "/cached/private/collection", params: ["q", "show", "sort", "dir", "page", "view"] },
  "/decks": { view: "decks", internal: "/cached/private/decks", params: [] },
};

/** Every internal private route lives under this path. */
const PRIVATE_PREFIX = "/cached/private";

/** The request header proxy.ts puts a private page's key in (it sets it or removes it on every request it sees). */
const PRIVATE_KEY_HEADER = "x-ringbinder-private-key";

/**
 * next.config.js `rewrites().beforeFiles` for the private pages. Server actions
 * are left to the page itself, and so are the router's prefetches (the proxy
 * cannot tell them apart: Next hides the router's headers from it): a prefetch
 * of the page rendered per request stops at its loading boundary, where the
 * cached route would render (and keep) the whole page of every link in view.
 */
function privateRewrites() {
  return Object.entries(PRIVATE_PAGES).map(([source, { internal }]) => ({
    source,
    has: [{ type: "header", key: PRIVATE_KEY_HEADER, value: "(?<key>[A-Za-z0-9_.-]+)" }],
    missing: [
      { type: "header", key: "next-action" },
      { type: "header", key: "next-router-prefetch" },
    ],
    destination: `${internal}/:key`,
  }));
}

module.exports = { PRIVATE_PAGES, PRIVATE_PREFIX, PRIVATE_KEY_HEADER, privateRewrites };

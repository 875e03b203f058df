/**
 * The public list pages cached per query (/cards?q=…, /decks/public?name=…):
 * which parameters each reads, the internal route each query is served from,
 * and the routing that gets a request there (docs/caching.md).
 *
 * A query string would make a page dynamic, so each query is served from an
 * internal route whose one path segment is the canonical query
 * (lib/cache/page-state.ts makes and reads that token). The routing is split
 * so that the common requests never invoke proxy.ts, which costs more than
 * serving the page from the cache:
 *  - a list page with none of its parameters skips the proxy (its matcher) and
 *    is rewritten by next.config.js straight to the `all` route;
 *  - with parameters, proxy.ts computes the token (base64url: free text such as
 *    a search cannot go into a path by a config rewrite, which does not encode)
 *    and hands it on in a request header; next.config.js rewrites to the route
 *    the header names. The proxy does not rewrite itself: Next.js serves a
 *    proxy's rewrite through an HTTP request to itself when the server is bound
 *    to 127.0.0.1 (it compares "localhost" with "127.0.0.1" and takes the
 *    rewrite for an external one), which doubled the cost of every list page.
 * CommonJS so next.config.js can read it.
 */
"use strict";

/** The cached list pages: public path, internal route, and the parameters each reads (in canonical order). */
const CACHED_LISTS = {
  "/cards": { internal: "/cached/cards", params: ["q", "sort", "dir", "page", "view"] },
  "/decks/public": { internal: "/cached/public-decks", params: ["name", "card", "sort"] },
};

/** The token of a list page with none of its parameters. */
const ALL_STATE = "all";

/**
 * The request header proxy.ts puts a list query's token in. Trusted only on
 * requests the proxy ran for (it sets or removes it): a request with none of
 * the parameters is rewritten to `all` before the header is looked at.
 */
const LIST_STATE_HEADER = "x-ringbinder-list-state";

/**
 * next.config.js `rewrites().beforeFiles` for the list pages (applied after the
 * proxy). Server actions posted to a list page are left to the page itself
 * (app/cards/page.tsx, app/decks/public/page.tsx), as they always were.
 */
function listRewrites() {
  const notAction = { type: "header", key: "next-action" };
  return Object.entries(CACHED_LISTS).flatMap(([source, { internal, params }]) => [
    { source, missing: [notAction, ...params.map((key) => ({ type: "query", key }))], destination: `${internal}/${ALL_STATE}` },
    { source, has: [{ type: "header", key: LIST_STATE_HEADER, value: "(?<state>[A-Za-z0-9_-]+)" }], missing: [notAction], destination: `${internal}/:state` },
  ]);
}

module.exports = { CACHED_LISTS, ALL_STATE, LIST_STATE_HEADER, listRewrites };

/**
 * The public list pages cached per query (/cards?q=…, /decks/public?name=…):
 * which parameters each reads, the internal route each query is served from,
 * and the routing that gets a request there (docs/caching.md).
 *
 * A query string would make a page dynamic, so each query is served from an
 * internal route whose one path segment is the canonical query
 * (lib/server/cache/page-state.ts makes and reads that token). The routing is split
 * so that the common requests never invoke proxy.ts, which costs more than
 * serving the page from the cache:
 *  - a list page with none of its parameters skips the proxy (its matcher) and
 *    is rewritten by next.config.js straight to the `all` route;
 *  - with only its "direct" parameters (a search in plain characters, a page
 *    number), it skips the proxy too: next.config.js rewrites straight to a
 *    plain token (`~q~t:robot c:blue~page~2`). A config rewrite puts a value
 *    into the path as it is, without encoding, so only values that cannot
 *    break a path segment (no `/`, `?`, `#`, `%`, `~`) take this way;
 *  - with any other parameter or value, proxy.ts computes the token (base64url:
 *    free text such as a search cannot go into a path by a config rewrite)
 *    and hands it on in a request header; next.config.js rewrites to the route
 *    the header names. The proxy does not rewrite itself: Next.js serves a
 *    proxy's rewrite through an HTTP request to itself when the server is bound
 *    to 127.0.0.1 (it compares "localhost" with "127.0.0.1" and takes the
 *    rewrite for an external one), which doubled the cost of every list page.
 * CommonJS so next.config.js can read it.
 */
"use strict";

/**
 * A value that may go into a path segment as it is: letters, digits, spaces and
 * the punctuation of the search syntax, never `/`, `?`, `#`, `%`, `~` or `&`
 * (the pattern is anchored by Next.js). proxy.ts's matcher repeats these
 * patterns literally (Next reads it statically); proxy.test.ts checks they agree.
 */
const PLAIN_TEXT = "[A-Za-z0-9 ()<>=:!.,'\"_*+-]{1,200}";
const PAGE_NUMBER = "[1-9][0-9]{0,4}";

/**
 * The cached list pages: public path, internal route, the parameters each reads
 * (in canonical order), and the "direct" ones whose plain values are routed
 * without the proxy (with the pattern a value must match).
 */
const CACHED_LISTS = {
  "/cards": { internal: "/cached/cards", params: ["q", "sort", "dir", "page", "view"], direct: { q: PLAIN_TEXT, page: PAGE_NUMBER } },
  "/decks/public": { internal: "/cached/public-decks", params: ["name", "card", "sort"], direct: {} },
};

/** The first character of a plain token (base64url tokens never hold it), and its separator. */
const PLAIN_MARK = "~";

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
  return Object.entries(CACHED_LISTS).flatMap(([source, { internal, params, direct }]) => [
    { source, missing: [notAction, ...params.map((key) => ({ type: "query", key }))], destination: `${internal}/${ALL_STATE}` },
    ...directRewrites(source, internal, params, direct, notAction),
    { source, has: [{ type: "header", key: LIST_STATE_HEADER, value: "(?<state>[A-Za-z0-9_-]+)" }], missing: [notAction], destination: `${internal}/:state` },
  ]);
}

/**
 * One rewrite per non-empty set of direct parameters (in canonical order), each
 * value matching its pattern and every other parameter of the page absent.
 */
function directRewrites(source, internal, params, direct, notAction) {
  const keys = params.filter((key) => key in direct);
  const rules = [];
  for (let mask = (1 << keys.length) - 1; mask > 0; mask--) {
    const chosen = keys.filter((_, i) => mask & (1 << i));
    rules.push({
      source,
      has: chosen.map((key) => ({ type: "query", key, value: `(?<${key}>${direct[key]})` })),
      missing: [notAction, ...params.filter((key) => !chosen.includes(key)).map((key) => ({ type: "query", key }))],
      destination: `${internal}/${PLAIN_MARK}${chosen.map((key) => `${key}${PLAIN_MARK}:${key}`).join(PLAIN_MARK)}`,
    });
  }
  return rules;
}

module.exports = { CACHED_LISTS, ALL_STATE, LIST_STATE_HEADER, PLAIN_MARK, listRewrites };

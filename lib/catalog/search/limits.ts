/**
 * The query language's limits. A query over any of them is refused with a
 * QueryError that names the limit and points at where it was crossed, so no
 * input can make the parser, the in-memory filter or the database query
 * builder recurse without bound, build an oversized statement, or pass a
 * number the database cannot hold.
 */

/** Characters in a query. */
export const MAX_QUERY_LENGTH = 1000;

/** Nesting: parentheses and “-” (negation) inside one another. */
export const MAX_QUERY_DEPTH = 12;

/** Search terms (keywords, words, quoted phrases) in one query. */
export const MAX_QUERY_TERMS = 50;

/** The largest number a query may compare with (card numbers go up to 99999, rings up to 99). */
export const MAX_QUERY_NUMBER = 99_999;

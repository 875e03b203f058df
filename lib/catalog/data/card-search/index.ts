import "server-only";

/**
 * Card search: the one path from a query in the card query language to a page
 * of cards, for the catalog (/cards, admin), the signed-in user's collection
 * and the deck editor. The query is parsed once (lib/catalog/search), translated by
 * one SQL builder for SQLite and PostgreSQL (./sql.ts), and run as a count,
 * a query for the page's card ids, and one read of those cards and their traits.
 */

export type { SortDir, SortKey } from "./sql";
export { MAX_PAGE, normalizeSearchParams, type OwnedCardDTO } from "./run";
export { catalogFacets, searchCards, searchVocabulary } from "./catalog";
export { searchOwnedCards } from "./owned";

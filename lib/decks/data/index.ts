/**
 * Decks. Reads check who is asking (owner, share slug and visibility); every
 * write runs as the signed-in user and validates the list against the catalog
 * and the deck rules inside its transaction.
 */
export type { DeckLine, DeckWriteError, Tx } from "./types";
export { cardIdsForList, getDeckForOwner, getMyOwnedCounts, getMyOwnedCountsFor, getPublishedDeck, getSharedDeck, resolveDeckList, resolvePublicDeckList } from "./read";
export { getAuthor, listMyDecks, listPublicDecks } from "./lists";
export { listDeckVersions, restoreDeckVersion } from "./versions";
export { copyDeck, createDeck, deleteDeck, saveDeck, setDeckVisibility } from "./write";
export { getCardsByIds, getDeckCatalog, searchCardsForDeck } from "./catalog";
export { getDeckForPlaytest } from "./playtest";
export { getStarterDeck } from "./starter-decks";

/** What other features may use of the catalog data access (lib/<feature>/data/index.ts is its public entry). */
export { invalidateDeckChange } from "./cache-invalidation";
export type { OwnedCardDTO, SortDir, SortKey } from "./card-search";
export { searchOwnedCards } from "./card-search";
export { cardInclude, toCardDTO } from "./cards";
export { searchVocabulary } from "./card-search";
export { writeCensusCardTx, writeCensusCorrectionTx } from "./census-cards";
export { invalidateCardChange, type CardPlace } from "./cache-invalidation";

/**
 * The signed-in user's collection. Every exported function takes the actor
 * first and acts on that actor's rows only; it never takes a user id from its
 * caller, so no forged field can reach another user's rows.
 */
export { listCollection, ownedQuantities } from "./browse";
export { adjustOwned, applyDelta, setOwned } from "./quantities";
export { defaultSetCode, lookupCards, lookupIndex } from "./lookup";
export { listPackOpenings, recordPackOpening, undoLastPackOpening } from "./packs";
export { collectionCompletion } from "./completion";
export { applyCollectionImport, exportCollection, previewCollectionImport } from "./transfer";
export { binderPage, createBinder, deleteBinder, listBinders, moveCopies, renameBinder } from "./binders";
export { deckCopies, releaseDeckCopies, reserveDeckCopies } from "./reservations";
export { collectionForExport } from "./account";

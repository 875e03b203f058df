/** What other features may use of the play data access (lib/<feature>/data/index.ts is its public entry). */
export { anonymiseSeatsTx, gamesForExport } from "./games";
export { anonymiseChatTx, chatForExport } from "./chat";

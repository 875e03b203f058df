/** What other features may use of the play data access (lib/<feature>/data/index.ts is its public entry). */
export { anonymiseSeatsTx, createGame, createMatchedGameTx, gamesForExport, type MatchedPlayer, type NewGameSettings } from "./games";
export { anonymiseChatTx, chatForExport } from "./chat";
export { getReplay } from "./replays";

/** What other features may use of the ladder's data access: ranked game creation, settlement and which games are ranked. */
export { createRankedGame, rankedAmong, settleRankedGameTx } from "./ranked";

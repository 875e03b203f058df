/** What other features may use of the ladder's data access: ranked game creation, settlement and which games are ranked; the account export's ratings. */
export { createRankedGame, rankedAmong, settleRankedGameTx } from "./ranked";
export { ratingsForExport } from "./ratings";

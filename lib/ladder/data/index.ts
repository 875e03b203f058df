/** What other features may use of the ladder's data access: ranked game creation and settlement. */
export { createRankedGame, settleRankedGameTx } from "./ranked";

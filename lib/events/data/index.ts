/** What other features may use of the events data access: an online match's game settling its result. */
export { settleEventGameTx } from "./results";

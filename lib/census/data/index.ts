/** What other features may use of the census data access. */
export { anonymiseCensusTx, exportMyCensus } from "./account";

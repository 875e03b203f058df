/**
 * Trading between players (docs/trades.md). Every exported function takes the
 * actor first and reads or writes only what that actor may: their own lists,
 * other users' public lists (matches), and proposals they are a side of.
 */
export { addDeckWants, myTradeLists, setListQuantity, setTradeSettings } from "./lists";
export { tradeMatches } from "./matches";
export { acceptTrade, counterTrade, declineTrade, getTrade, listMyTrades, pendingTradeCount, proposeTrade, withdrawTrade } from "./proposals";
export { markTradeDone } from "./complete";
export { anonymiseTradesTx, tradesForExport } from "./account";

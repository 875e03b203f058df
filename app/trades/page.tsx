import type { Metadata } from "next";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import { listMyTrades, myTradeLists, pendingTradeCount, tradeMatches } from "@/lib/trades/data";
import { TradesView } from "@/components/trades/trades-view";

export const metadata: Metadata = { title: "Trades" };

export default async function TradesPage() {
  const actor = await requireUserOrRedirect("/trades");
  const [lists, matches, trades, pending] = await Promise.all([myTradeLists(actor), tradeMatches(actor), listMyTrades(actor), pendingTradeCount(actor)]);
  return <TradesView lists={lists} matches={matches} trades={trades} pending={pending} />;
}

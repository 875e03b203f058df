import type { MyTradeListsDTO, TradeDTO, TradeListLineDTO, TradeMatchDTO } from "@/lib/trades/types";
import { AddToListForm, ListLine, TradeSettingsForm } from "@/components/trades/list-forms";
import { ProposeButton, TradeActions } from "@/components/trades/trade-actions";

const cards = (ls: TradeListLineDTO[]) => (ls.length ? ls.map((l) => `${l.quantity} × ${l.title} (${l.key})`).join(", ") : "nothing");

const STATUS: Record<TradeDTO["status"], string> = {
  open: "Open",
  countered: "Countered",
  accepted: "Accepted",
  declined: "Declined",
  withdrawn: "Withdrawn",
  completed: "Completed",
};

/** /trades: the user's want and trade lists, their matches, and their proposals; the count of trades waiting on them. */
export function TradesView({ lists, matches, trades, pending }: { lists: MyTradeListsDTO; matches: TradeMatchDTO[]; trades: TradeDTO[]; pending: number }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          Trades
          {pending > 0 && (
            <span className="rounded-full bg-amber-500 px-2 py-0.5 text-sm font-semibold text-white" data-testid="trade-badge" aria-label={`${pending} waiting for you`}>
              {pending}
            </span>
          )}
        </h1>
        <p className="text-sm text-slate-600">
          List what you want and what you would trade away. Make your lists public to find matches; people see your display name, never your email. An
          accepted trade moves nothing until both of you mark it done.
        </p>
      </div>
      <TradeSettingsForm listsPublic={lists.listsPublic} tradeMail={lists.tradeMail} />
      <section aria-labelledby="lists-h" className="space-y-2">
        <h2 id="lists-h" className="text-lg font-semibold">
          Your lists
        </h2>
        <AddToListForm />
        <div className="grid gap-4 md:grid-cols-2">
          {(
            [
              ["want", "Want list", lists.wants, "Nothing wanted yet. Add cards above, or a deck's missing cards from its page or editor."],
              ["have", "Trade list", lists.haves, "Nothing to trade yet."],
            ] as const
          ).map(([kind, title, lines, empty]) => (
            <div key={kind} className="panel" data-testid={`${kind}-list`}>
              <h3 className="font-semibold">{title}</h3>
              {lines.length === 0 ? (
                <p className="text-sm text-slate-600">{empty}</p>
              ) : (
                <ul className="divide-y divide-slate-200">
                  {lines.map((l) => (
                    <ListLine key={l.cardId} list={kind} line={l} />
                  ))}
                </ul>
              )}
            </div>
          ))}
        </div>
      </section>
      <section aria-labelledby="matches-h" className="space-y-2">
        <h2 id="matches-h" className="text-lg font-semibold">
          Matches
        </h2>
        <p className="text-xs text-slate-600">Ranked by what the side that gets less gets, then by the total.</p>
        {matches.length === 0 ? (
          <p className="text-sm text-slate-600">No matches yet: nobody with public lists has what you want and wants what you have.</p>
        ) : (
          <ul className="space-y-2" data-testid="match-list">
            {matches.map((m) => (
              <li key={m.trader.id} className="panel space-y-1" data-testid="match">
                <p className="font-semibold">{m.trader.displayName}</p>
                <p className="text-sm">
                  <span className="text-slate-600">They give:</span> {cards(m.theyGive)}
                </p>
                <p className="text-sm">
                  <span className="text-slate-600">You give:</span> {cards(m.iGive)}
                </p>
                <ProposeButton toId={m.trader.id} name={m.trader.displayName} give={m.iGive} get={m.theyGive} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="proposals-h" className="space-y-2">
        <h2 id="proposals-h" className="text-lg font-semibold">
          Proposals
        </h2>
        {trades.length === 0 ? (
          <p className="text-sm text-slate-600">No proposals yet. Propose a trade from a match.</p>
        ) : (
          <ul className="space-y-2" data-testid="trade-list">
            {trades.map((t) => (
              <li key={t.id} className="panel space-y-1" data-testid="trade" data-status={t.status}>
                <p className="flex flex-wrap items-baseline gap-2">
                  <span className="font-semibold">{t.sent ? "To" : "From"} {t.other?.displayName ?? "a deleted account"}</span>
                  <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-700" data-testid="trade-status">
                    {STATUS[t.status]}
                  </span>
                  {t.counterOfId && <span className="text-xs text-slate-600">counter-offer</span>}
                </p>
                <p className="text-sm">
                  <span className="text-slate-600">You give:</span> {cards(t.iGive)}
                </p>
                <p className="text-sm">
                  <span className="text-slate-600">You get:</span> {cards(t.theyGive)}
                </p>
                {t.message && <p className="text-sm italic">“{t.message}”</p>}
                {t.status === "accepted" && (
                  <p className="text-xs text-slate-600" data-testid="trade-done-state">
                    {t.iMarkedDone ? "You marked it done." : "You have not marked it done."} {t.theyMarkedDone ? "They marked it done." : "They have not marked it done."}
                  </p>
                )}
                <TradeActions trade={t} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

"use client";

import { useState, useTransition } from "react";
import {
  acceptTradeAction,
  addDeckWantsAction,
  counterTradeAction,
  declineTradeAction,
  markTradeDoneAction,
  proposeTradeAction,
  withdrawTradeAction,
} from "@/lib/trades/actions";
import type { TradeDTO, TradeListLineDTO } from "@/lib/trades/types";
import { FormMessage } from "@/components/ui/field";

type Msg = { text: string; ok: boolean } | null;
const asLines = (ls: TradeListLineDTO[]) => ls.map((l) => ({ cardId: l.cardId, quantity: l.quantity }));

/** Sends the proposal a match suggests (what each side gets), with an optional message. */
export function ProposeButton({ toId, name, give, get }: { toId: string; name: string; give: TradeListLineDTO[]; get: TradeListLineDTO[] }) {
  const [pending, start] = useTransition();
  const [msg, setMsg] = useState<Msg>(null);
  const [message, setMessage] = useState("");
  const id = `propose-msg-${toId}`;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="min-w-48 flex-1">
        <label htmlFor={id} className="label">
          Message to {name} (optional)
        </label>
        <input id={id} className="input" maxLength={500} value={message} onChange={(e) => setMessage(e.target.value)} />
      </div>
      <button
        type="button"
        className="btn-primary"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const r = await proposeTradeAction(toId, asLines(give), asLines(get), message);
            setMsg({ text: r.message ?? (r.ok ? "Sent." : "That did not work."), ok: r.ok });
          })
        }
      >
        Propose this trade
      </button>
      <FormMessage message={msg?.text} tone={msg?.ok ? "success" : "error"} />
    </div>
  );
}

/** A counter-offer: the same cards with new quantities (0 leaves one out). */
function CounterForm({ trade, onDone }: { trade: TradeDTO; onDone: (m: Msg) => void }) {
  const [pending, start] = useTransition();
  const [give, setGive] = useState(trade.iGive.map((l) => ({ ...l })));
  const [get, setGet] = useState(trade.theyGive.map((l) => ({ ...l })));
  const row = (l: TradeListLineDTO, side: "give" | "get", i: number) => {
    const id = `counter-${trade.id}-${side}-${l.cardId}`;
    const set = side === "give" ? setGive : setGet;
    return (
      <li key={id} className="flex items-center gap-2">
        <label htmlFor={id} className="flex-1">
          {side === "give" ? "You give" : "You get"} {l.title}
        </label>
        <input id={id} type="number" min={0} className="input w-20" value={l.quantity} onChange={(e) => set((ls) => ls.map((x, j) => (j === i ? { ...x, quantity: Number(e.target.value) } : x)))} />
      </li>
    );
  };
  return (
    <div className="space-y-1 rounded border border-slate-200 p-2 text-sm">
      <ul className="space-y-1">
        {give.map((l, i) => row(l, "give", i))}
        {get.map((l, i) => row(l, "get", i))}
      </ul>
      <button
        type="button"
        className="btn-primary"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const keep = (ls: TradeListLineDTO[]) => asLines(ls.filter((l) => l.quantity > 0));
            const r = await counterTradeAction(trade.id, keep(give), keep(get), "");
            onDone({ text: r.message ?? (r.ok ? "Sent." : "That did not work."), ok: r.ok });
          })
        }
      >
        Send counter-offer
      </button>
    </div>
  );
}

/** The moves the viewer may make on a proposal now. */
export function TradeActions({ trade }: { trade: TradeDTO }) {
  const [pending, start] = useTransition();
  const [msg, setMsg] = useState<Msg>(null);
  const [countering, setCountering] = useState(false);
  const run = (fn: (id: string) => Promise<{ ok: boolean; message?: string }>) =>
    start(async () => {
      const r = await fn(trade.id);
      setMsg({ text: r.message ?? (r.ok ? "Done." : "That did not work."), ok: r.ok });
    });
  const { can } = trade;
  if (!Object.values(can).some(Boolean) && !msg) return null;
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap gap-2">
        {can.accept && (
          <button type="button" className="btn-primary" disabled={pending} onClick={() => run(acceptTradeAction)}>
            Accept
          </button>
        )}
        {can.counter && (
          <button type="button" className="btn-secondary" disabled={pending} aria-expanded={countering} onClick={() => setCountering((c) => !c)}>
            Counter
          </button>
        )}
        {can.decline && (
          <button type="button" className="btn-secondary" disabled={pending} onClick={() => run(declineTradeAction)}>
            Decline
          </button>
        )}
        {can.markDone && (
          <button type="button" className="btn-primary" disabled={pending} onClick={() => run(markTradeDoneAction)}>
            Mark done
          </button>
        )}
        {can.withdraw && (
          <button type="button" className="btn-secondary" disabled={pending} onClick={() => run(withdrawTradeAction)}>
            Withdraw
          </button>
        )}
      </div>
      {countering && <CounterForm trade={trade} onDone={(m) => (setMsg(m), setCountering(false))} />}
      <FormMessage message={msg?.text} tone={msg?.ok ? "success" : "error"} />
    </div>
  );
}

/** In a deck's editor or on a deck page: put the cards the deck is missing on the want list, in one click (`source` names the deck as the lab does). */
export function DeckWantsButton({ source }: { source: string }) {
  const [pending, start] = useTransition();
  const [msg, setMsg] = useState<Msg>(null);
  return (
    <div className="space-y-1">
      <button
        type="button"
        className="btn-secondary"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const r = await addDeckWantsAction(source);
            setMsg({ text: r.message ?? (r.ok ? "Done." : "That did not work."), ok: r.ok });
          })
        }
      >
        Add missing cards to my want list
      </button>
      <FormMessage message={msg?.text} tone={msg?.ok ? "success" : "error"} />
    </div>
  );
}

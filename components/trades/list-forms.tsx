"use client";

import { useEffect, useState, useTransition } from "react";
import { saveTradeSettingsAction, setTradeListQuantityAction } from "@/lib/trades/actions";
import type { TradeListKind, TradeListLineDTO } from "@/lib/trades/types";
import { FormMessage } from "@/components/ui/field";

type Msg = { text: string; ok: boolean } | null;
type Found = { id: string; key: string; title: string; owned: number };

/** Public or private lists, and trade mail on or off. */
export function TradeSettingsForm(props: { listsPublic: boolean; tradeMail: boolean }) {
  const [pending, start] = useTransition();
  const [msg, setMsg] = useState<Msg>(null);
  const [{ listsPublic, tradeMail }, setShown] = useState(props);
  const save = (p: boolean, m: boolean) => {
    setShown({ listsPublic: p, tradeMail: m });
    start(async () => {
      const r = await saveTradeSettingsAction(p, m);
      if (!r.ok) setShown(props);
      setMsg({ text: r.message ?? (r.ok ? "Saved." : "That did not work."), ok: r.ok });
    });
  };
  return (
    <section className="panel flex flex-wrap items-center gap-4 text-sm" aria-label="Trade settings">
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={listsPublic} disabled={pending} onChange={(e) => save(e.target.checked, tradeMail)} />
        Make my lists public (others can match and propose)
      </label>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={tradeMail} disabled={pending} onChange={(e) => save(listsPublic, e.target.checked)} />
        Mail me about trades
      </label>
      <FormMessage message={msg?.text} tone={msg?.ok ? "success" : "error"} />
    </section>
  );
}

/** Finds a card (by number or title) and puts it on the want list or the trade list. */
export function AddToListForm() {
  const [q, setQ] = useState("");
  const [found, setFound] = useState<Found[]>([]);
  const [pending, start] = useTransition();
  const [msg, setMsg] = useState<Msg>(null);
  useEffect(() => {
    if (!q.trim()) return;
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/collection/lookup?q=${encodeURIComponent(q)}`, { signal: ctl.signal, headers: { accept: "application/json" } })
        .then((r) => (r.ok ? r.json() : { cards: [] }))
        .then((b: { cards: Found[] }) => setFound(b.cards.slice(0, 8)))
        .catch(() => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [q]);
  const add = (list: TradeListKind, c: Found) =>
    start(async () => {
      const r = await setTradeListQuantityAction(list, c.id, 1);
      setMsg({ text: r.ok ? `Added ${c.title} to your ${list === "want" ? "want list" : "trade list"}.` : (r.message ?? "That did not work."), ok: r.ok });
    });
  return (
    <div className="panel space-y-2">
      <label htmlFor="trade-find" className="label">
        Find a card to add (number or title)
      </label>
      <input id="trade-find" className="input" value={q} onChange={(e) => setQ(e.target.value)} placeholder="e.g. 53 or Sonic" autoComplete="off" />
      {q.trim() !== "" && found.length > 0 && (
        <ul className="divide-y divide-slate-200 text-sm" aria-label="Cards found">
          {found.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-2 py-1" data-testid="trade-find-result">
              <span className="flex-1">
                {c.title} <span className="text-slate-600">({c.key}) · you own {c.owned}</span>
              </span>
              <button type="button" className="btn-secondary" disabled={pending} onClick={() => add("want", c)}>
                Want
              </button>
              <button type="button" className="btn-secondary" disabled={pending} onClick={() => add("have", c)}>
                Trade away
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormMessage message={msg?.text} tone={msg?.ok ? "success" : "error"} />
    </div>
  );
}

/** One line of a list: its quantity (0 removes it). */
export function ListLine({ list, line }: { list: TradeListKind; line: TradeListLineDTO }) {
  const [value, setValue] = useState(String(line.quantity));
  const [pending, start] = useTransition();
  const [msg, setMsg] = useState<Msg>(null);
  const save = (n: number) =>
    start(async () => {
      const r = await setTradeListQuantityAction(list, line.cardId, n);
      if (!r.ok) setMsg({ text: r.message ?? "That did not work.", ok: false });
    });
  const id = `q-${list}-${line.cardId}`;
  return (
    <li className="flex flex-wrap items-center gap-2 py-1 text-sm" data-testid="list-line">
      <label htmlFor={id} className="flex-1">
        {line.title} <span className="text-slate-600">({line.key})</span>
      </label>
      <input id={id} type="number" min={0} className="input w-20" value={value} onChange={(e) => setValue(e.target.value)} onBlur={() => Number(value) !== line.quantity && save(Number(value))} />
      <button type="button" className="btn-secondary" disabled={pending} onClick={() => save(0)} aria-label={`Remove ${line.title}`}>
        Remove
      </button>
      <FormMessage message={msg?.text} tone={msg?.ok ? "success" : "error"} />
    </li>
  );
}

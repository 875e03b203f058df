"use client";
import type { Color, Pending, PlayerView, SlotRef } from "@/lib/engine";
import type { BoardCardDef } from "@/lib/playtest/cards";
import type { Move } from "@/lib/play/protocol";

const SWATCH: Record<Color, string> = { blue: "bg-blue-600 text-white", red: "bg-red-600 text-white", yellow: "bg-yellow-300 text-slate-900", gray: "bg-slate-500 text-white" };

/** A slot's name from the view (the real seats: `mine` is the viewer's seat). */
function slotName(v: PlayerView, r: SlotRef, names: [string, string]): string {
  const x = v.players[r.player][r.row][r.column - 1];
  const whose = r.player === v.viewer ? "your" : `${names[r.player]}'s`;
  const what = x?.card ? (x.card.card as BoardCardDef).title : "face-down card";
  return `${what} (${whose} ${r.row} row, column ${r.column})`;
}

/** A card's name from the view: the viewer's hand, either discard pile or the cards it looked at. */
function cardName(v: PlayerView, id: number): string {
  for (const side of v.players)
    for (const c of [...(side.hand ?? []), ...side.discard, ...side.knownHand, ...side.knownDeck.map((k) => k.card)]) if (c.id === id) return `${c.card.colors.join("/")} ${c.card.rings} ${c.card.title}`;
  return `card ${id}`;
}

/**
 * The player's pending decision in an online game, from their view alone: a
 * color, a "you may", a target, a battle discard or a card. The options are
 * the engine's; the answer goes to the referee.
 */
export function OnlineDecision({ view, pending, names, onMove, disabled }: { view: PlayerView; pending: Exclude<Pending, { kind: "correction" }>; names: [string, string]; onMove: (m: Move) => void; disabled: boolean }) {
  return (
    <section role="dialog" aria-modal="false" aria-labelledby="decision-title" className="panel border-2 border-fuchsia-500 p-3" data-testid="decision">
      <h2 id="decision-title" className="text-sm font-bold text-fuchsia-800">
        Your decision
      </h2>
      <p className="mt-1 text-sm">{pending.prompt.replace(/Player ([12])/g, (_m, n: string) => (Number(n) - 1 === view.viewer ? "you" : names[Number(n) - 1]))}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {pending.kind === "color" &&
          pending.options.map((c) => (
            <button key={c} type="button" disabled={disabled} className={`btn capitalize ${SWATCH[c]}`} onClick={() => onMove({ type: "choose", color: c })}>
              {c}
            </button>
          ))}
        {pending.kind === "optional" && (
          <>
            <button type="button" disabled={disabled} className="btn-primary" onClick={() => onMove({ type: "choose", yes: true })}>
              Yes
            </button>
            <button type="button" disabled={disabled} className="btn-secondary" onClick={() => onMove({ type: "choose", yes: false })}>
              No
            </button>
          </>
        )}
        {(pending.kind === "target" || pending.kind === "battle") &&
          pending.options.map((o) => (
            <button key={`${o.player}-${o.row}-${o.column}`} type="button" disabled={disabled} className="btn-secondary text-left" onClick={() => onMove({ type: "choose", slot: o })}>
              {slotName(view, o, names)}
            </button>
          ))}
        {pending.kind === "card" &&
          pending.options.map((id) => (
            <button key={id} type="button" disabled={disabled} className="btn-secondary text-left" onClick={() => onMove({ type: "choose", card: id })}>
              {cardName(view, id)}
            </button>
          ))}
        {((pending.kind === "target" && !pending.required) || (pending.kind === "card" && !pending.required)) && (
          <button type="button" disabled={disabled} className="btn-secondary" onClick={() => onMove({ type: "pass" })}>
            Done
          </button>
        )}
      </div>
    </section>
  );
}

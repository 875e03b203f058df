"use client";
import { useEffect, useRef } from "react";
import type { Action, Color, GameState, Pending, SlotRef } from "@/lib/engine";
import type { BoardCardDef } from "@/lib/playtest/cards";
import { humanizeMessage, phaseMessages, scoreTotals, type TurnEnd } from "@/lib/playtest/presentation";
import { HUMAN } from "@/lib/playtest/session";

const SWATCH: Record<Color, string> = { blue: "bg-blue-600 text-white", red: "bg-red-600 text-white", yellow: "bg-yellow-400 text-slate-900", gray: "bg-gray-500 text-white" };

/** The face-up cards that score for a player (both rows, printed rings: RULES.md §4.4), from the state before the score. */
export function scoringCards(s: GameState, player: 0 | 1): { title: string; rings: number; row: string; column: number }[] {
  const out: { title: string; rings: number; row: string; column: number }[] = [];
  for (const row of ["chaos", "spare"] as const)
    s.players[player][row].forEach((x, i) => {
      if (!x || !x.faceUp) return;
      const c = s.cards[x.card] as BoardCardDef;
      out.push({ title: c.title, rings: c.rings, row, column: i + 1 });
    });
  return out;
}

function ScoreList({ s, player, label }: { s: GameState; player: 0 | 1; label: string }) {
  const cards = scoringCards(s, player);
  return (
    <div className="text-left">
      <p className="text-xs font-semibold text-slate-700">{label}: face-up cards, printed rings</p>
      {cards.length === 0 ? (
        <p className="text-xs text-slate-600">No face-up card: 0.</p>
      ) : (
        <ul className="text-xs text-slate-700" aria-label={`${label}: cards that count`}>
          {cards.map((c) => (
            <li key={`${c.row}-${c.column}`} className="flex justify-between gap-2">
              <span>
                {c.title} <span className="text-slate-500">({c.row} {c.column})</span>
              </span>
              <span className="font-semibold tabular-nums">{c.rings}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Name of the card in a slot, for prompt buttons. */
export function slotName(s: GameState, r: SlotRef): string {
  const row = r.row === "chaos" ? s.players[r.player].chaos : s.players[r.player].spare;
  const x = row[r.column - 1];
  const who = r.player === HUMAN ? "Your" : "AI's";
  if (!x) return `${who} ${r.row} column ${r.column} (empty)`;
  if (!x.faceUp && r.player !== HUMAN) return `${who} face-down ${r.row} card, column ${r.column}`;
  const c = s.cards[x.card] as BoardCardDef;
  return `${who} ${c.title} (${x.color ?? c.colors.join("/")} ${c.rings}), ${r.row} column ${r.column}`;
}

/**
 * The human's pending decision as a focused inline dialog: a multi-color
 * card's active color, a "you may", effect targets or the battle-discard
 * choice. The options come from the engine's pending decision.
 */
export function DecisionPrompt({ state, pending, onAct }: { state: GameState; pending: Exclude<Pending, { kind: "correction" }>; onAct: (a: Action) => void }) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // In the next frame: focusing during the commit forces a synchronous style and layout pass.
    const id = requestAnimationFrame(() => first.current?.focus());
    return () => cancelAnimationFrame(id);
  }, [pending]);
  const title =
    pending.kind === "color"
      ? "Choose the active color"
      : pending.kind === "optional"
        ? "Optional effect"
        : pending.kind === "battle"
          ? "Battle discard"
          : pending.kind === "card"
            ? pending.zone === "deck"
              ? pending.purpose === "deck-bottom"
                ? "Put a card at the bottom of your deck"
                : "Put a card back on top of your deck"
              : `Choose a card from your ${pending.zone === "hand" ? "hand" : "discard pile"}`
            : "Choose a target";
  return (
    <section role="dialog" aria-modal="false" aria-labelledby="decision-title" aria-describedby="decision-prompt" className="panel border-2 border-fuchsia-500 p-3" data-testid="decision">
      <h2 id="decision-title" className="text-sm font-bold text-fuchsia-800">
        {title}
      </h2>
      <p id="decision-prompt" className="mt-1 text-sm">
        {humanizeMessage(pending.prompt)}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {pending.kind === "color" &&
          pending.options.map((c, i) => (
            <button key={c} ref={i === 0 ? first : undefined} type="button" className={`btn capitalize ${SWATCH[c]}`} onClick={() => onAct({ type: "choose", player: HUMAN, color: c })}>
              {c}
            </button>
          ))}
        {pending.kind === "optional" && (
          <>
            <button ref={first} type="button" className="btn-primary" onClick={() => onAct({ type: "choose", player: HUMAN, yes: true })}>
              Yes
            </button>
            <button type="button" className="btn-secondary" onClick={() => onAct({ type: "choose", player: HUMAN, yes: false })}>
              No
            </button>
          </>
        )}
        {(pending.kind === "target" || pending.kind === "battle") &&
          pending.options.map((o, i) => (
            <button
              key={`${o.player}-${o.row}-${o.column}`}
              ref={i === 0 ? first : undefined}
              type="button"
              className="btn-secondary text-left"
              onClick={() => onAct({ type: "choose", player: HUMAN, slot: o })}
            >
              {slotName(state, o)}
            </button>
          ))}
        {pending.kind === "target" && !pending.required && (
          <button type="button" className="btn-secondary" onClick={() => onAct({ type: "pass", player: HUMAN })}>
            Done (no more targets)
          </button>
        )}
        {pending.kind === "card" &&
          pending.options.map((id, i) => {
            const d = state.cards[id];
            return (
              <button key={id} ref={i === 0 ? first : undefined} type="button" className="btn-secondary text-left" onClick={() => onAct({ type: "choose", player: HUMAN, card: id })}>
                {`${d.colors.join("/")} ${d.rings} ${d.title}`}
              </button>
            );
          })}
        {pending.kind === "card" && !pending.required && (
          <button type="button" className="btn-secondary" onClick={() => onAct({ type: "pass", player: HUMAN })}>
            {pending.purpose === "deck-bottom" ? "Done (the rest go back on top)" : "Done (no more cards)"}
          </button>
        )}
      </div>
      {(pending.kind === "target" || pending.kind === "battle") && <p className="mt-1 text-xs text-slate-500">You can also click a highlighted card on the field.</p>}
    </section>
  );
}

const PHASE_TITLE = { score: "Score step", draw: "Recharge: draw to 7", discard: "Recharge: spare rows discarded", move: "Recharge: chaos rows move to the spare rows" } as const;

/** The score and recharge steps, one phase at a time, at the player's pace. */
export function TurnEndPanel({ t, revealAll, auto, onContinue, onAuto }: { t: TurnEnd; revealAll: boolean; auto: boolean; onContinue: () => void; onAuto: (on: boolean) => void }) {
  const phase = t.phases[t.index];
  const btn = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // In the next frame: focusing during the commit forces a synchronous style and layout pass.
    const id = requestAnimationFrame(() => btn.current?.focus());
    return () => cancelAnimationFrame(id);
  }, [t.index]);
  const totals = scoreTotals(t.events);
  const msgs = phaseMessages(t, phase, revealAll);
  const last = t.index + 1 >= t.phases.length;
  return (
    <section aria-labelledby="turn-end-title" className="panel border-2 border-amber-400 p-3 max-md:p-2" data-testid="turn-end">
      <div className="flex items-center justify-between">
        <h2 id="turn-end-title" className="text-sm font-bold" data-testid="turn-end-phase">
          {PHASE_TITLE[phase]}
        </h2>
        <span className="text-xs text-slate-500">
          {t.index + 1} / {t.phases.length}
        </span>
      </div>
      {phase === "score" && totals?.totals && (
        // on a phone each total is one line (name and rings side by side), so the docked panel leaves your chaos row in view
        <div className="mt-2 grid grid-cols-2 gap-2 text-center max-md:mt-1" aria-label="Ring totals">
          <div className="rounded bg-blue-50 p-1 max-md:flex max-md:items-baseline max-md:justify-center max-md:gap-2 max-md:py-0">
            <div className="text-xs text-slate-600">You</div>
            <div className="text-2xl font-black text-blue-800 max-md:text-xl" data-testid="ring-total-you">
              {totals.totals[0]}
            </div>
          </div>
          <div className="rounded bg-rose-50 p-1 max-md:flex max-md:items-baseline max-md:justify-center max-md:gap-2 max-md:py-0">
            <div className="text-xs text-slate-600">AI</div>
            <div className="text-2xl font-black text-rose-800 max-md:text-xl" data-testid="ring-total-ai">
              {totals.totals[1]}
            </div>
          </div>
        </div>
      )}
      {phase === "score" && (
        <div className="mt-2 grid grid-cols-2 gap-2 max-md:hidden" data-testid="score-breakdown">
          <ScoreList s={t.before} player={0} label="You" />
          <ScoreList s={t.before} player={1} label="AI" />
          <p className="col-span-2 text-xs text-slate-600">More rings gains a Chaos Emerald; a tie gains nothing. Modifiers do not count here.</p>
        </div>
      )}
      <ul className="mt-2 space-y-0.5 text-sm max-md:mt-1 max-md:text-xs" aria-live="polite">
        {msgs.map((m, i) => (
          <li key={i}>{m}</li>
        ))}
        {msgs.length === 0 && <li className="text-slate-500">Nothing to do in this step.</li>}
      </ul>
      <div className="mt-2 flex items-center gap-3">
        <button ref={btn} type="button" className="btn-primary" onClick={onContinue}>
          {last ? (t.after.winner !== null ? "Continue: show the result" : "Continue to the next turn") : "Continue"}
        </button>
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" checked={auto} onChange={(e) => onAuto(e.target.checked)} /> Auto
        </label>
      </div>
    </section>
  );
}

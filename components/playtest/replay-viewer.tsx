"use client";
import "./board.css";
import { useMemo, useState } from "react";
import { applyAction, eventsForPlayer, newGame, type Action, type GameEvent, type GameState } from "@/lib/engine";
import type { BoardCardDef } from "@/lib/playtest/cards";
import { boardModel, humanizeMessage, logLines } from "@/lib/playtest/presentation";
import { HUMAN } from "@/lib/playtest/session";
import { encodeAction } from "@/lib/playtest/replay-link";
import { BoardGrid } from "./board-grid";
import { StaticHand } from "./placement";
import { GameLog, StatusPanel } from "./side-panel";
import { RuleRefText } from "@/components/rules/rule-ref-text";

interface Frame {
  state: GameState;
  events: GameEvent[];
}

function describeAction(a: Action): string {
  const who = a.player === HUMAN ? "Player 1 (you)" : "Player 2 (AI)";
  switch (a.type) {
    case "place":
      return `${who} placed cards face down.`;
    case "flip":
      return `${who} flipped column ${a.column}.`;
    case "pass":
      return `${who} passed.`;
    case "choose":
      return `${who} chose ${a.color ?? (a.slot ? `${a.slot.row} column ${a.slot.column}` : a.yes ? "yes" : "no")}.`;
    case "correct":
      return `${who} made a manual correction (${a.op}${a.slot ? ` on ${a.slot.player === HUMAN ? "their" : "the AI's"} ${a.slot.row} column ${a.slot.column}` : ""}${a.op === "rings" ? `, ${a.amount! > 0 ? "+" : ""}${a.amount} rings` : ""}).`;
  }
}

/**
 * Steps forward and back through a recorded game: every frame is the engine's
 * state after replaying the actions up to it (house rule 5).
 */
export function ReplayViewer({
  decks,
  seed,
  rules,
  actions,
  conceded,
  names,
}: {
  decks: [BoardCardDef[], BoardCardDef[]];
  seed: number;
  rules: GameState["rules"];
  actions: Action[];
  conceded: boolean;
  names: [string, string];
}) {
  const built = useMemo(() => {
    const frames: Frame[] = [{ state: newGame({ decks, seed, rules }), events: [] }];
    for (let i = 0; i < actions.length; i++) {
      const r = applyAction(frames[i].state, actions[i]);
      if (!r.ok) return { frames, error: { index: i, reason: r.error.reason, action: encodeAction(actions[i]) } };
      frames.push({ state: r.state, events: r.events });
    }
    return { frames, error: null };
  }, [decks, seed, rules, actions]);
  const { frames, error } = built;
  const [i, setI] = useState(frames.length - 1);
  const [reveal, setReveal] = useState(true);
  const at = frames[Math.min(i, frames.length - 1)];
  const model = boardModel(at.state, reveal);
  const allEvents = useMemo(() => frames.slice(1, i + 1).flatMap((f) => f.events), [frames, i]);
  const stepEvents = reveal ? at.events : eventsForPlayer(at.events, HUMAN);
  const last = frames.length - 1;
  const atEnd = i === last;

  return (
    <div className="grid gap-4 lg:grid-cols-[auto_minmax(18rem,1fr)]">
      <div className="min-w-0 space-y-3">
        {error && (
          <p role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800">
            This replay stops at action {error.index + 1} ({error.action}): the engine rejected it — <RuleRefText text={humanizeMessage(error.reason)} /> (a card in these decks may have been edited in the catalog since the game was played).
          </p>
        )}
        <section aria-label="Replay controls" className="panel flex flex-wrap items-center gap-2 p-3">
          <button type="button" className="btn-secondary" onClick={() => setI(0)} disabled={i === 0}>
            « Start
          </button>
          <button type="button" className="btn-secondary" onClick={() => setI((x) => Math.max(0, x - 1))} disabled={i === 0} data-testid="replay-back">
            ◀ Back
          </button>
          <button type="button" className="btn-secondary" onClick={() => setI((x) => Math.min(last, x + 1))} disabled={atEnd} data-testid="replay-forward">
            Forward ▶
          </button>
          <button type="button" className="btn-secondary" onClick={() => setI(last)} disabled={atEnd}>
            End »
          </button>
          <label className="flex items-center gap-2 text-sm">
            <span className="sr-only">Action</span>
            <input type="range" min={0} max={last} value={i} onChange={(e) => setI(Number(e.target.value))} aria-label="Replay position" />
          </label>
          <span className="text-sm" data-testid="replay-position">
            Action {i} of {last}
          </span>
          <label className="flex items-center gap-1 text-sm">
            <input type="checkbox" checked={reveal} onChange={(e) => setReveal(e.target.checked)} /> Reveal all
          </label>
        </section>
        <p className="min-h-6 text-sm font-medium" aria-live="polite" data-testid="replay-step">
          {i === 0
            ? "Setup: both players drew 7 cards."
            : stepEvents
                .filter((e) => e.type !== "draw")
                .slice(0, 3)
                .map((e) => humanizeMessage(e.message))
                .join(" ") || describeAction(actions[i - 1])}
        </p>
        {reveal && (
          <p className="rounded border-2 border-dashed border-orange-500 bg-orange-50 px-3 py-1 text-sm font-semibold text-orange-800">
            Reveal-all: hidden cards of both players are shown.
          </p>
        )}
        <BoardGrid sides={model.sides} revealed={model.revealed} lastFlip={at.state.lastFlip} />
        <StaticHand cards={model.sides[HUMAN].hand} count={model.sides[HUMAN].handCount} />
        {atEnd && (at.state.winner !== null || conceded) && (
          <p className="panel p-3 font-semibold" data-testid="replay-result">
            {conceded && at.state.winner === null
              ? "Player 1 conceded."
              : at.state.winner === "draw"
                ? "The game ended in a draw."
                : at.state.winner === HUMAN
                  ? "Player 1 (you) won."
                  : "Player 2 (AI) won."}
          </p>
        )}
      </div>
      <aside className="flex min-w-0 flex-col gap-3" aria-label="Replay panel">
        <StatusPanel view={model.view} sides={model.sides} stepLabel={at.state.step === "over" ? "Game over" : at.state.pending ? "Rush: decision" : at.state.step === "play" ? "Play step" : "Rush step"} thinking={false} />
        <GameLog lines={logLines(allEvents, reveal, at.state.cards)} />
        <p className="text-xs text-slate-500">
          {names[0]} vs {names[1]} · column rule {rules.columnRule} · seed {seed}
        </p>
      </aside>
    </div>
  );
}

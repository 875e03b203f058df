"use client";
import { useCallback, useMemo, useState } from "react";
import { applyAction, eventsForPlayer, newGame, playerView, type Action, type GameEvent, type GameState, type Player } from "@/lib/engine";
import { soloTasks } from "@/lib/coach/tasks";
import { useReplayCoach } from "@/components/coach/replay-coach";
import type { BoardCardDef } from "@/lib/playtest/cards";
import { boardModel, humanizeMessage, logLines } from "@/lib/playtest/presentation";
import { HUMAN } from "@/lib/playtest/session";
import { encodeAction } from "@/lib/playtest/replay-link";
import { ReplayViewer, type ViewerFrame } from "./replay-viewer";
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
 * A solo game's replay (from a replay link): the engine replays the recorded
 * actions in the browser (house rule 5), and the one replay viewer draws the
 * frames, with everything hidden revealed unless "Reveal all" is turned off.
 */
export function SoloReplay({
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
  const [reveal, setReveal] = useState(true);
  const turns = useMemo(() => frames.map((f) => f.state.turn), [frames]);
  const frameAt = useCallback(
    (i: number): ViewerFrame => {
        const f = frames[i];
        const model = boardModel(f.state, reveal);
        const stepEvents = reveal ? f.events : eventsForPlayer(f.events, HUMAN);
        const step =
          i === 0
            ? "Setup: both players drew 7 cards."
            : stepEvents
                .filter((e) => e.type !== "draw")
                .slice(0, 3)
                .map((e) => humanizeMessage(e.message))
                .join(" ") || describeAction(actions[i - 1]);
        return { view: model.view, sides: model.sides, revealed: model.revealed, step };
    },
    [frames, reveal, actions],
  );
  const lines = useCallback((i: number) => logLines(frames.slice(1, i + 1).flatMap((f) => f.events), reveal, frames[i].state.cards), [frames, reveal]);
  const end = frames[frames.length - 1].state;
  const last = frames.length - 1;
  const [at, setAt] = useState(last);
  const states = useMemo(() => frames.map((f) => f.state), [frames]);
  const viewAt = useCallback((i: number) => playerView(states[i], HUMAN), [states]);
  const coach = useReplayCoach({
    seats: [
      { seat: 0, name: "Player 1" },
      { seat: 1, name: "Player 2 (AI)" },
    ],
    you: HUMAN,
    tasksFor: (p: Player) => soloTasks(states, actions, p),
    seed,
    names: ["You", "AI"],
    viewAt,
    decks: useMemo(() => playerView(states[0], HUMAN).deckLists, [states]),
    outcomeAt: (i) => (conceded && i === last && end.winner === null ? [0, 1] : null),
    at,
  });
  const finished = end.winner !== null || conceded;
  const result =
    end.winner === null && !conceded ? null : conceded && end.winner === null ? "Player 1 conceded." : end.winner === "draw" ? "The game ended in a draw." : end.winner === HUMAN ? "Player 1 (you) won." : "Player 2 (AI) won.";

  return (
    <ReplayViewer
      turns={turns}
      frameAt={frameAt}
      lines={lines}
      names={{ self: "You", opponent: "AI" }}
      result={result}
      onSeek={setAt}
      marks={finished ? coach.marks : undefined}
      panel={finished ? coach.panel : undefined}
      above={coach.above}
      problem={
        error && (
          <p role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800">
            This replay stops at action {error.index + 1} ({error.action}): the engine rejected it — <RuleRefText text={humanizeMessage(error.reason)} /> (a card in these decks may have been edited in the catalog since the game was played).
          </p>
        )
      }
      controls={() => (
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" checked={reveal} onChange={(e) => setReveal(e.target.checked)} /> Reveal all
        </label>
      )}
      banner={
        reveal && (
          <p className="rounded border-2 border-dashed border-orange-500 bg-orange-50 px-3 py-1 text-sm font-semibold text-orange-800">
            Reveal-all: hidden cards of both players are shown.
          </p>
        )
      }
      footer={
        <p className="text-xs text-slate-500">
          {names[0]} vs {names[1]} · column rule {rules.columnRule} · seed {seed}
        </p>
      }
    />
  );
}

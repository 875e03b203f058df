"use client";
import "./board.css";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import type { PlayerView, SideView } from "@/lib/engine";
import type { LogLine } from "@/lib/playtest/presentation";
import { BoardGrid } from "./board-grid";
import { StaticHand } from "./placement";
import { GameLog, StatusPanel } from "./side-panel";
import { boardLayout } from "./phone-bar";

/** One step of a replay as the viewer draws it: the board with the viewing side at the bottom (side 0). */
export interface ViewerFrame {
  view: PlayerView;
  /** The sides to draw (the view's own, or with hidden cards revealed). */
  sides: [SideView, SideView];
  revealed: boolean;
  /** Words for what happened in this step. */
  step: string;
}

/** A point of the timeline worth a look (the coach's costly decisions): frame `at`, named by `label`. */
export interface TimelineMark {
  at: number;
  label: string;
}

/** The bottom and top sides' names ("You" / "AI" in solo play). */
export interface ViewerNames {
  self: string;
  opponent: string;
}

function editable(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  if (!el || typeof el.closest !== "function") return false;
  return Boolean(el.closest("input, select, textarea, [contenteditable=true], [role=grid], dialog, [data-testid=game-log]"));
}

/** The index of the first frame of the turn before or after frame `i`'s turn (the deal counts as turn 1's start). */
export function turnSeek(turns: number[], i: number, dir: -1 | 1): number {
  const t = turns[i];
  const first = (turn: number) => turns.indexOf(turn);
  if (dir === 1) {
    const j = turns.findIndex((x, k) => k > i && x > t);
    return j < 0 ? turns.length - 1 : j;
  }
  const start = first(t);
  if (start < i) return start;
  const prev = [...turns.slice(0, i)].reverse().find((x) => x < t);
  return prev === undefined ? 0 : first(prev);
}

/**
 * Steps through a recorded game, solo or online: the frames are built by the
 * caller (the solo board replays the engine in the browser; an online game's
 * frames come from the server, one side's view each). Seek by step or by
 * turn, with the buttons, the slider, the turn menu, or the keyboard (← →
 * a step, Shift+← → or Page Up/Down a turn, Home/End).
 */
export function ReplayViewer({
  turns,
  frameAt,
  lines,
  names,
  result,
  problem,
  controls,
  banner,
  footer,
  initial,
  onSeek,
  marks,
  panel,
  above,
}: {
  /** The turn of every frame, in order (their count is the replay's length). */
  turns: number[];
  /** Frame `i` as drawn (built on demand: only the frame on screen is drawn). */
  frameAt: (i: number) => ViewerFrame;
  /** The log up to and including frame `i`. */
  lines: (i: number) => LogLine[];
  names: ViewerNames;
  /** The game's result, shown at the last frame (null: none to show). */
  result: string | null;
  /** Shown above the controls (a replay that stops early says why). */
  problem?: ReactNode;
  /** More controls after the seek controls (reveal-all, the side to view from). */
  controls?: (i: number) => ReactNode;
  /** Shown above the board (the reveal-all notice). */
  banner?: ReactNode;
  footer?: ReactNode;
  /** The frame to open at (default: the end). */
  initial?: number;
  onSeek?: (i: number) => void;
  /** Marks on the timeline under the slider; each seeks to its frame. */
  marks?: TimelineMark[];
  /** A panel at the top of the side column (the coach), given the frame on screen and a way to seek. */
  panel?: (i: number, seek: (to: number) => void) => ReactNode;
  /** Shown above the board for the frame on screen (the win-probability bar). */
  above?: (i: number) => ReactNode;
}) {
  const last = turns.length - 1;
  const [i, setIndex] = useState(() => Math.max(0, Math.min(last, initial ?? last)));
  const at = useMemo(() => frameAt(Math.min(i, last)), [frameAt, i, last]);
  const turnList = useMemo(() => [...new Set(turns)], [turns]);
  const seek = (to: number) => {
    const n = Math.max(0, Math.min(last, to));
    setIndex(n);
    onSeek?.(n);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || editable(e.target)) return;
      const turn = e.shiftKey || e.key === "PageUp" || e.key === "PageDown";
      const to =
        e.key === "ArrowRight" || e.key === "PageDown" ? (turn ? turnSeek(turns, i, 1) : i + 1)
        : e.key === "ArrowLeft" || e.key === "PageUp" ? (turn ? turnSeek(turns, i, -1) : i - 1)
        : e.key === "Home" ? 0
        : e.key === "End" ? last
        : null;
      if (to === null) return;
      e.preventDefault();
      seek(to);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });
  const allLines = useMemo(() => lines(i), [lines, i]);
  const atEnd = i === last;
  const v = at.view;
  const stepLabel = v.step === "over" || (atEnd && result) ? "Game over" : v.pending ? "Rush: decision" : v.step === "play" ? "Play step" : "Rush step";
  const selfLabel = names.self === "You" ? undefined : names.self;

  return (
    <div className={boardLayout(null)}>
      <div className="min-w-0 space-y-3">
        {problem}
        <section aria-label="Replay controls" className="panel flex flex-wrap items-center gap-2 p-3">
          <button type="button" className="btn-secondary" onClick={() => seek(0)} disabled={i === 0}>
            « Start
          </button>
          <button type="button" className="btn-secondary" onClick={() => seek(turnSeek(turns, i, -1))} disabled={i === 0} data-testid="replay-turn-back" aria-label="Previous turn">
            ◀◀ Turn
          </button>
          <button type="button" className="btn-secondary" onClick={() => seek(i - 1)} disabled={i === 0} data-testid="replay-back">
            ◀ Back
          </button>
          <button type="button" className="btn-secondary" onClick={() => seek(i + 1)} disabled={atEnd} data-testid="replay-forward">
            Forward ▶
          </button>
          <button type="button" className="btn-secondary" onClick={() => seek(turnSeek(turns, i, 1))} disabled={atEnd} data-testid="replay-turn-forward" aria-label="Next turn">
            Turn ▶▶
          </button>
          <button type="button" className="btn-secondary" onClick={() => seek(last)} disabled={atEnd}>
            End »
          </button>
          <label className="flex items-center gap-2 text-sm">
            <span className="sr-only">Action</span>
            <input type="range" min={0} max={last} value={i} onChange={(e) => seek(Number(e.target.value))} aria-label="Replay position" />
          </label>
          <label className="flex items-center gap-1 text-sm">
            <span>Turn</span>
            <select className="input py-0.5" value={turns[i]} onChange={(e) => seek(turns.indexOf(Number(e.target.value)))} aria-label="Go to turn" data-testid="replay-turn">
              {turnList.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </label>
          <span className="text-sm" data-testid="replay-position" aria-live="polite">
            Action {i} of {last}
          </span>
          {controls?.(i)}
          {marks && marks.length > 0 && (
            <div className="flex w-full items-center gap-2 text-xs text-slate-600">
              <span aria-hidden="true">Costly moves</span>
              <ol aria-label="Marked decisions on the timeline" className="relative h-5 flex-1 border-b-2 border-slate-300" data-testid="timeline-marks">
                {marks.map((m) => (
                  <li key={m.at} className="absolute top-0 -translate-x-1/2" style={{ left: `${last > 0 ? (100 * m.at) / last : 0}%` }}>
                    <button
                      type="button"
                      onClick={() => seek(m.at)}
                      aria-label={m.label}
                      title={m.label}
                      aria-current={m.at === i ? "step" : undefined}
                      className={`block h-5 w-3 rounded-sm border border-amber-700 ${m.at === i ? "bg-amber-700" : "bg-amber-400"}`}
                    />
                  </li>
                ))}
              </ol>
            </div>
          )}
          <p className="w-full text-xs text-slate-500">Keys: ← → a step, Shift+← → a turn, Home and End.</p>
        </section>
        <p className="min-h-6 text-sm font-medium" aria-live="polite" data-testid="replay-step">
          {at.step}
        </p>
        {banner}
        {above?.(i)}
        <BoardGrid sides={at.sides} revealed={at.revealed} lastFlip={v.lastFlip} opponent={names.opponent} self={selfLabel} />
        <StaticHand cards={at.sides[0].hand} count={at.sides[0].handCount} who={selfLabel ? `${selfLabel}'s` : "Your"} />
        {atEnd && result && (
          <p className="panel p-3 font-semibold" data-testid="replay-result">
            {result}
          </p>
        )}
      </div>
      <aside className="flex min-w-0 flex-col gap-3" aria-label="Replay panel">
        <StatusPanel view={v} sides={at.sides} stepLabel={stepLabel} thinking={false} opponent={names.opponent} self={names.self} />
        {panel?.(i, seek)}
        <GameLog lines={allLines} />
        {footer}
      </aside>
    </div>
  );
}

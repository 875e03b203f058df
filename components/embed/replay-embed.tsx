"use client";
import "@/components/playtest/board.css";
import { useMemo, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import { dressView, replayNames, replayResult } from "@/lib/play/replay";
import { viewFromSeat } from "@/lib/play/presentation";
import type { ReplayDTO } from "@/lib/play/types";
import { BoardGrid } from "@/components/playtest/board-grid";
import { Emeralds } from "@/components/playtest/side-panel";
import { turnSeek } from "@/components/playtest/replay-viewer";
import { stepText } from "@/components/play/online-replay";
import { EmbedHeight } from "./embed-height";

const btn = "rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-100 focus-visible:outline-2 disabled:opacity-40";

/**
 * The replay widget other sites put in an iframe (/embed/r/<code>): a lobby
 * game's public view (what a spectator saw),
 * seek by step or by turn (buttons, slider, turn menu, or ← → and Shift+← →
 * inside the widget), the players, their decks and the result.
 */
const noSubscription = () => () => {};
/**
 * False in the server's HTML and until React has hydrated it, true from then on: the seek buttons stay disabled
 * until a click on them can be heard (a click on the server's HTML before hydration did nothing).
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function ReplayEmbed({ r, href }: { r: ReplayDTO; href: string }) {
  const names = useMemo(() => replayNames(r.players), [r.players]);
  const frames = r.replay.frames;
  const last = frames.length - 1;
  const turns = useMemo(() => frames.map((f) => f.view.turn), [frames]);
  const turnList = useMemo(() => [...new Set(turns)], [turns]);
  const [i, setI] = useState(last);
  const hydrated = useHydrated();
  const view = useMemo(() => viewFromSeat(dressView(frames[i].view, r.replay.cards), 0), [frames, i, r.replay.cards]);
  const seek = (to: number) => setI(Math.max(0, Math.min(last, to)));
  const deck = (seat: number) => r.players.find((p) => p.seat === seat)?.deckName ?? "";
  const onKey = (e: KeyboardEvent) => {
    const t = e.target as HTMLElement;
    if (e.ctrlKey || e.metaKey || e.altKey || t.closest("input, select, [role=grid]")) return;
    const to = e.key === "ArrowRight" ? (e.shiftKey ? turnSeek(turns, i, 1) : i + 1) : e.key === "ArrowLeft" ? (e.shiftKey ? turnSeek(turns, i, -1) : i - 1) : e.key === "Home" ? 0 : e.key === "End" ? last : null;
    if (to === null) return;
    e.preventDefault();
    seek(to);
  };
  return (
    <EmbedHeight id={`replay:${r.code}`}>
      <article
        onKeyDown={onKey}
        aria-labelledby="embed-replay-h"
        className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-900 [--rb-cell:min(64px,calc((100vw-3rem)/5))]"
      >
        <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h1 id="embed-replay-h" className="text-base font-bold">
            <a href={href} target="_blank" rel="noopener" className="underline-offset-2 hover:underline focus-visible:outline-2">
              {names[0]} vs {names[1]}
            </a>
          </h1>
          <p className="text-xs text-slate-600" data-testid="embed-replay-result">
            {replayResult(r, names)}
          </p>
        </header>
        <dl className="mt-1 grid grid-cols-[auto_1fr_auto] items-center gap-x-2 gap-y-0.5 text-xs">
          {[1, 0].map((seat) => (
            <div key={seat} className="contents">
              <dt className="font-semibold">{names[seat]}</dt>
              <dd className="truncate text-slate-600">{deck(seat)}</dd>
              <dd>
                <Emeralds n={view.emeralds[seat as 0 | 1]} who={names[seat]} />
              </dd>
            </div>
          ))}
        </dl>
        <section aria-label="Replay controls" className="mt-2 flex flex-wrap items-center gap-1">
          <button type="button" className={btn} onClick={() => seek(0)} disabled={!hydrated || i === 0} aria-label="Start">
            «
          </button>
          <button type="button" className={btn} onClick={() => seek(turnSeek(turns, i, -1))} disabled={!hydrated || i === 0} aria-label="Previous turn">
            ◀◀
          </button>
          <button type="button" className={btn} onClick={() => seek(i - 1)} disabled={!hydrated || i === 0} aria-label="Previous step">
            ◀
          </button>
          <button type="button" className={btn} onClick={() => seek(i + 1)} disabled={!hydrated || i === last} aria-label="Next step">
            ▶
          </button>
          <button type="button" className={btn} onClick={() => seek(turnSeek(turns, i, 1))} disabled={!hydrated || i === last} aria-label="Next turn">
            ▶▶
          </button>
          <button type="button" className={btn} onClick={() => seek(last)} disabled={!hydrated || i === last} aria-label="End">
            »
          </button>
          <input type="range" min={0} max={last} value={i} onChange={(e) => seek(Number(e.target.value))} aria-label="Replay position" className="min-w-24 flex-1" />
          <label className="flex items-center gap-1 text-xs">
            Turn
            <select className="rounded border border-slate-300 bg-transparent px-1" value={turns[i]} onChange={(e) => seek(turns.indexOf(Number(e.target.value)))}>
              {turnList.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </label>
          <span className="text-xs tabular-nums" aria-live="polite" data-testid="embed-replay-position">
            Step {i} of {last}
          </span>
        </section>
        <p className="mt-1 min-h-5 text-xs font-medium" data-testid="embed-replay-step">
          {stepText(frames[i], names, null)}
        </p>
        <div className="mt-1 overflow-x-auto">
          <BoardGrid sides={view.players} revealed={false} lastFlip={view.lastFlip} opponent={names[1]} self={names[0]} />
        </div>
        <footer className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs">
          <span className="text-slate-600">The public view: what a spectator saw.</span>
          <a href={href} target="_blank" rel="noopener" className="text-blue-700 underline">
            Open on Ringbinder
          </a>
        </footer>
      </article>
    </EmbedHeight>
  );
}

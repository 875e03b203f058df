"use client";
import { useId, type ReactNode } from "react";
import type { Player } from "@/lib/engine";
import type { CoachTask } from "@/lib/coach/tasks";
import { COACH_THRESHOLD } from "@/lib/coach/tasks";
import { etaWords, points, verdict } from "@/lib/coach/words";
import type { Coach } from "./use-coach";

/** A seat the viewer may have analysed, with its player's name. */
export interface CoachSeat {
  seat: Player;
  name: string;
}

const THRESHOLD_POINTS = Math.round(COACH_THRESHOLD * 100);

/**
 * The coach beside a replay (docs/coach.md): pick a seat, analyse its
 * decisions in Web Workers with a progress bar, an estimate of the time left
 * and Stop; then the list of decisions (each a button that seeks the replay
 * there) and, at a decision, the verdict on it.
 */
export function CoachPanel({
  coach,
  seats,
  seat,
  onSeat,
  you,
  tasksFor,
  seed,
  at,
  seek,
  unavailable,
}: {
  coach: Coach;
  /** The seats the viewer may analyse (the own seat first). */
  seats: CoachSeat[];
  seat: Player;
  onSeat: (s: Player) => void;
  /** The viewer's own seat (null: a spectator of the game). */
  you: Player | null;
  /** The chosen seat's decisions. */
  tasksFor: (s: Player) => CoachTask[];
  seed: number;
  /** The replay frame on screen. */
  at: number;
  seek: (frame: number) => void;
  /** Shown instead of the start button when the chosen seat's decisions are not loaded (an online replay from another side). */
  unavailable?: ReactNode;
}) {
  const id = useId();
  const s = coach.state;
  const running = s.status === "running";
  const name = seats.find((x) => x.seat === seat)?.name ?? `Player ${seat + 1}`;
  const who = seat === you ? "You" : name;
  const shown = s.seat === seat ? s : null;
  const here = shown?.decisions.find((d) => shown.tasks.get(d.index)?.frame === at);
  const hereTask = here ? shown?.tasks.get(here.index) : undefined;
  const marked = shown?.decisions.filter((d) => d.marked).length ?? 0;
  const pct = shown && shown.total > 0 ? Math.round((100 * shown.done) / shown.total) : 0;
  const progressText = shown ? `${shown.done} of ${shown.total} decisions analysed${shown.etaMs !== null && running ? `, ${etaWords(shown.etaMs)}` : ""}` : "";

  return (
    <section aria-labelledby={`${id}-h`} className="panel space-y-2 p-3" data-testid="coach">
      <h2 id={`${id}-h`} className="font-bold">
        Coach
      </h2>
      <p className="text-xs text-slate-600">
        Weighs every placement and flip of one player from what that player knew then (their own view, never the hidden cards), by sampled games played out in your browser.
        A decision is marked when a better move wins more than {THRESHOLD_POINTS} points more often.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {seats.length > 1 && (
          <label className="flex items-center gap-1 text-sm">
            <span>Player</span>
            <select className="input py-0.5" value={seat} disabled={running} onChange={(e) => onSeat(Number(e.target.value) as Player)} data-testid="coach-seat">
              {seats.map((x) => (
                <option key={x.seat} value={x.seat}>
                  {x.seat === you ? `${x.name} (you)` : x.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {running ? (
          <button type="button" className="btn-danger" onClick={coach.stop} data-testid="coach-stop">
            Stop
          </button>
        ) : unavailable ? (
          unavailable
        ) : (
          <button type="button" className="btn-primary" onClick={() => coach.start(seat, tasksFor(seat), seed)} data-testid="coach-start">
            {seat === you ? "Analyse my play" : `Analyse ${name}'s play`}
          </button>
        )}
      </div>
      {shown && shown.status !== "idle" && (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label="Coach progress"
            aria-valuemin={0}
            aria-valuemax={shown.total}
            aria-valuenow={shown.done}
            aria-valuetext={progressText}
            className="h-2 w-full overflow-hidden rounded bg-slate-200"
            data-testid="coach-progress"
          >
            <div className="h-full bg-blue-700 transition-[width]" style={{ width: `${pct}%` }} />
          </div>
          <p className="text-sm" role="status" aria-live="polite" data-testid="coach-status">
            {running && `${progressText} (${shown.workers} ${shown.workers === 1 ? "worker" : "workers"}).`}
            {shown.status === "done" && `Analysed ${shown.done} of ${shown.total} decisions: ${marked} cost more than ${THRESHOLD_POINTS} points.`}
            {shown.status === "stopped" && `Stopped: analysed ${shown.done} of ${shown.total} decisions, ${marked} cost more than ${THRESHOLD_POINTS} points.`}
            {shown.status === "failed" && `The analysis failed: ${shown.error}`}
          </p>
        </div>
      )}
      {here && hereTask && (
        <p className={`rounded border p-2 text-sm ${here.marked ? "border-amber-400 bg-amber-50 text-amber-950" : "border-slate-300"}`} data-testid="coach-verdict">
          {verdict(here, hereTask.view, who)}
        </p>
      )}
      {shown && shown.decisions.length > 0 && (
        <ol aria-label={`${who === "You" ? "Your" : `${name}'s`} analysed decisions`} className="max-h-64 space-y-1 overflow-y-auto text-sm" data-testid="coach-results">
          {shown.decisions.map((d) => {
            const frame = shown.tasks.get(d.index)?.frame ?? 0;
            return (
              <li key={d.index}>
                <button
                  type="button"
                  onClick={() => seek(frame)}
                  aria-current={frame === at ? "step" : undefined}
                  className={`w-full rounded px-2 py-0.5 text-left underline-offset-2 hover:underline ${d.marked ? "font-semibold text-amber-800" : "text-slate-700"} ${frame === at ? "bg-blue-50" : ""}`}
                >
                  Turn {d.turn}, {d.played.type === "place" ? "placement" : `flip of column ${d.played.type === "flip" ? d.played.column : ""}`}:{" "}
                  {d.marked ? `${points(d)} points lost` : d.cost > 0 ? `${points(d)} points` : "best found"}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

"use client";
/**
 * The coach's run as React state: start an analysis of one seat's decisions
 * on a few workers (lib/coach/pool.ts), follow its progress with an estimate
 * of the time left, stop it (the workers are terminated, what is done is
 * kept). Unmounting stops it too.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { CoachDecision, Player } from "@/lib/engine";
import { coachSettings, type CoachTask } from "@/lib/coach/tasks";
import { runCoach, workerCount, type CoachRun, type CoachWorker } from "@/lib/coach/pool";
import { poolWorker } from "./coach-client";

export type CoachStatus = "idle" | "running" | "done" | "stopped" | "failed";

/** What the coach panel shows. */
export interface CoachState {
  status: CoachStatus;
  seat: Player | null;
  done: number;
  total: number;
  workers: number;
  decisions: CoachDecision[];
  /** The task of every action index analysed (its view names the cards of a placement). */
  tasks: Map<number, CoachTask>;
  /** Milliseconds left, estimated from the pace so far (null before the first decision). */
  etaMs: number | null;
  error: string | null;
}

const IDLE: CoachState = { status: "idle", seat: null, done: 0, total: 0, workers: 0, decisions: [], tasks: new Map(), etaMs: null, error: null };

/** The coach hook; `make` builds one worker (tests pass in-thread ones). */
export function useCoach(make: () => CoachWorker = poolWorker) {
  const [state, setState] = useState<CoachState>(IDLE);
  const run = useRef<CoachRun | null>(null);
  const start = useCallback(
    (seat: Player, tasks: CoachTask[], seed: number) => {
      run.current?.stop();
      const t0 = performance.now();
      const cores = typeof navigator === "undefined" ? undefined : navigator.hardwareConcurrency;
      const workers = workerCount(cores, tasks.length);
      const byIndex = new Map(tasks.map((t) => [t.index, t]));
      setState({ ...IDLE, status: "running", seat, total: tasks.length, workers, tasks: byIndex });
      const r = runCoach({
        tasks,
        settings: coachSettings(seed),
        workers,
        create: make,
        onProgress: (p) => {
          if (run.current !== r) return;
          const spent = performance.now() - t0;
          setState((s) => ({ ...s, done: p.done, decisions: p.decisions, etaMs: p.done > 0 ? (spent / p.done) * (p.total - p.done) : null }));
        },
      });
      run.current = r;
      void r.finished.then((o) => {
        if (run.current !== r) return;
        run.current = null;
        setState((s) => ({ ...s, done: o.done, decisions: o.decisions, etaMs: null, error: o.error, status: o.error ? "failed" : o.stopped ? "stopped" : "done" }));
      });
    },
    [make],
  );
  const stop = useCallback(() => run.current?.stop(), []);
  const reset = useCallback(() => {
    const r = run.current;
    run.current = null;
    r?.stop();
    setState(IDLE);
  }, []);
  useEffect(() => () => run.current?.stop(), []);
  return { state, start, stop, reset };
}

export type Coach = ReturnType<typeof useCoach>;

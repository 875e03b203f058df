/**
 * Runs the coach's tasks on a few workers (docs/coach.md): each idle worker
 * takes the next task, so a slow decision does not hold the others back; the
 * results are merged by action index, so they are the same whatever the
 * number of workers or the order they finish in (every decision is seeded
 * from the game's seed and its own index, lib/engine/ai/coach.ts). Stopping
 * terminates every worker at once and keeps what is done. No React, no
 * Worker: the caller supplies something that answers one task.
 */
import type { CoachDecision, DecisionOptions } from "@/lib/engine";
import type { CoachTask } from "./tasks";

/** One worker as the pool uses it. */
export interface CoachWorker {
  analyse(task: CoachTask, settings: DecisionOptions): Promise<CoachDecision | null>;
  terminate(): void;
}

/** How far a run is: decisions analysed of the total, and the decisions found so far in game order. */
export interface CoachProgress {
  done: number;
  total: number;
  decisions: CoachDecision[];
}

/** How a run ended. */
export interface CoachOutcome extends CoachProgress {
  stopped: boolean;
  /** A worker's failure, when one failed (the other results are kept). */
  error: string | null;
}

/** A run under way. */
export interface CoachRun {
  /** Terminates every worker now; `finished` resolves with what is done. */
  stop(): void;
  finished: Promise<CoachOutcome>;
}

/** Workers for an analysis: one fewer than the cores (the page keeps one), at least 1, at most 4, never more than the tasks. */
export function workerCount(cores: number | undefined, tasks: number): number {
  const n = Math.max(1, Math.min(4, (cores ?? 2) - 1));
  return Math.max(1, Math.min(n, tasks));
}

/** The decisions found, in game order. */
function merged(found: Map<number, CoachDecision | null>): CoachDecision[] {
  return [...found.entries()]
    .sort((a, b) => a[0] - b[0])
    .map((e) => e[1])
    .filter((d): d is CoachDecision => d !== null);
}

/** Starts `workers` workers (made by `create`) on `tasks`; `onProgress` is called after each decision. */
export function runCoach(o: {
  tasks: readonly CoachTask[];
  settings: DecisionOptions;
  workers: number;
  create: () => CoachWorker;
  onProgress?: (p: CoachProgress) => void;
}): CoachRun {
  const total = o.tasks.length;
  const found = new Map<number, CoachDecision | null>();
  const pool: CoachWorker[] = [];
  let next = 0;
  let stopped = false;
  let error: string | null = null;
  let resolve!: (x: CoachOutcome) => void;
  const finished = new Promise<CoachOutcome>((r) => (resolve = r));
  let settled = false;
  const finish = () => {
    if (settled) return;
    settled = true;
    for (const w of pool) w.terminate();
    resolve({ done: found.size, total, decisions: merged(found), stopped, error });
  };
  const loop = async (w: CoachWorker): Promise<void> => {
    while (!stopped && error === null && next < total) {
      const t = o.tasks[next++];
      let d: CoachDecision | null;
      try {
        d = await w.analyse(t, o.settings);
      } catch (e) {
        if (!stopped) error = e instanceof Error ? e.message : String(e);
        return;
      }
      if (stopped) return;
      found.set(t.index, d);
      o.onProgress?.({ done: found.size, total, decisions: merged(found) });
    }
  };
  const n = Math.max(1, Math.min(o.workers, total));
  if (total === 0) finish();
  else {
    for (let k = 0; k < n; k++) pool.push(o.create());
    void Promise.all(pool.map(loop)).then(finish);
  }
  return {
    stop() {
      if (settled) return;
      stopped = true;
      finish();
    },
    finished,
  };
}

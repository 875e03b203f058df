"use client";
/**
 * Runs a lab in a pool of Web Workers sized to the machine's cores: hands out
 * chunks of games from the run-state reducer, joins their tallies, and keeps
 * the games-per-second figure. Without Worker (tests) it plays chunks
 * in-thread, one per macrotask.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { playMatchup, type MatchupSpec, type MatchupTally } from "@/lib/lab/matchup";
import { assign, initRun, nextChunk, runReducer, type Chunk, type RunAction, type RunState } from "@/lib/lab/run-state";
import type { StopRule } from "@/lib/lab/stats";

type Reply = { ok: true; matchup: number; from: number; to: number; tally: MatchupTally } | { ok: false; matchup: number; from: number; to: number; error: string };

interface Runner {
  size: number;
  send(c: Chunk): void;
  dispose(): void;
}

/** Workers to start: one per logical core the browser reports (at most 8). */
export function poolSize(): number {
  const n = typeof navigator !== "undefined" && navigator.hardwareConcurrency ? navigator.hardwareConcurrency : 2;
  return Math.max(1, Math.min(8, n));
}

function createRunner(specs: MatchupSpec[], onReply: (r: Reply) => void): Runner {
  if (typeof Worker === "undefined") {
    let live = true;
    return {
      size: 1,
      send: (c) =>
        setTimeout(() => {
          if (!live) return;
          try {
            onReply({ ok: true, ...c, tally: playMatchup(specs[c.matchup], c.from, c.to) });
          } catch (e) {
            onReply({ ok: false, ...c, error: String(e) });
          }
        }, 0),
      dispose: () => {
        live = false;
      },
    };
  }
  const size = poolSize();
  const workers: Worker[] = [];
  const idle: Worker[] = [];
  const queue: Chunk[] = [];
  for (let i = 0; i < size; i++) {
    const w = new Worker(new URL("./lab-worker.ts", import.meta.url), { type: "module" });
    w.postMessage({ type: "init", specs });
    w.onmessage = (e: MessageEvent<Reply>) => {
      const q = queue.shift();
      if (q) w.postMessage({ type: "chunk", ...q });
      else idle.push(w);
      onReply(e.data);
    };
    workers.push(w);
    idle.push(w);
  }
  return {
    size,
    send(c) {
      const w = idle.pop();
      if (w) w.postMessage({ type: "chunk", ...c });
      else queue.push(c);
    },
    dispose() {
      for (const w of workers) w.terminate();
    },
  };
}

export interface LabRun {
  state: RunState;
  /** Games per second over the last few seconds. */
  rate: number;
  workers: number;
  error: string | null;
  pause(): void;
  resume(): void;
}

/**
 * Play `specs` under `rule` (or the fixed game counts in `targets`) until the
 * run finishes. The run state lives in a ref (replies and hand-outs update it
 * synchronously, so they never race) and a counter re-renders the page; at
 * most one render per animation frame, however fast chunks arrive.
 */
export function useLab(specs: MatchupSpec[], rule: StopRule, chunk: number, targets: (number | null)[]): LabRun {
  const [view, setView] = useState<RunState>(() => initRun(specs.length, rule, chunk, targets));
  const stateRef = useRef<RunState>(view);
  const [rate, setRate] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [workers, setWorkers] = useState(0);
  const runnerRef = useRef<Runner | null>(null);
  const inFlight = useRef(0);
  const samples = useRef<{ t: number; games: number }[]>([]);
  const played = useRef(0);
  const frame = useRef<number | null>(null);

  const schedule = useCallback(() => {
    if (frame.current !== null) return;
    const raf = typeof requestAnimationFrame === "function" ? requestAnimationFrame : (f: FrameRequestCallback) => setTimeout(() => f(0), 16) as unknown as number;
    frame.current = raf(() => {
      frame.current = null;
      setView(stateRef.current);
    });
  }, []);

  const apply = useCallback(
    (a: RunAction) => {
      stateRef.current = runReducer(stateRef.current, a);
      schedule();
    },
    [schedule],
  );

  // Hand out chunks while workers are free (two per worker, so none waits on a message round trip).
  const pump = useCallback(() => {
    const runner = runnerRef.current;
    if (!runner) return;
    let s = stateRef.current;
    while (inFlight.current < runner.size * 2) {
      const c = nextChunk(s);
      if (!c) break;
      s = assign(s, c);
      inFlight.current++;
      runner.send(c);
    }
    stateRef.current = s;
    schedule();
  }, [schedule]);

  useEffect(() => {
    const runner = createRunner(specs, (r) => {
      inFlight.current--;
      if (!r.ok) {
        setError(r.error);
        return;
      }
      played.current += r.to - r.from;
      const now = performance.now();
      samples.current.push({ t: now, games: played.current });
      while (samples.current.length > 2 && now - samples.current[0].t > 3000) samples.current.shift();
      const first = samples.current[0];
      if (now > first.t) setRate(((played.current - first.games) * 1000) / (now - first.t));
      apply({ type: "result", matchup: r.matchup, from: r.from, to: r.to, tally: r.tally });
      pump();
    });
    runnerRef.current = runner;
    setWorkers(runner.size);
    samples.current = [{ t: performance.now(), games: 0 }];
    pump();
    return () => {
      runner.dispose();
      runnerRef.current = null;
      inFlight.current = 0;
      stateRef.current = runReducer(stateRef.current, { type: "requeue" });
      if (frame.current !== null && typeof cancelAnimationFrame === "function") cancelAnimationFrame(frame.current);
      frame.current = null;
    };
    // A run is set up once per mount: the page gives the runner a new key for a new run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    state: view,
    rate: view.status === "finished" ? 0 : rate,
    workers,
    error,
    pause: () => apply({ type: "pause" }),
    resume: () => {
      apply({ type: "resume" });
      pump();
    },
  };
}

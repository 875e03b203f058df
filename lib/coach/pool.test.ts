/**
 * The coach's worker pool (pool.ts): results are merged in game order and are
 * the same whatever the number of workers and whatever order they answer in;
 * Stop terminates every worker and keeps what is done; a failing worker
 * ends the run with its error and the other results.
 */
import { describe, expect, it } from "vitest";
import type { CoachDecision, DecisionOptions } from "@/lib/engine";
import { answer } from "./protocol";
import { runCoach, workerCount, type CoachWorker } from "./pool";
import { soloTasks, type CoachTask } from "./tasks";
import { heuristicGame } from "./test-game";

const SETTINGS: DecisionOptions = { seed: 5, samples: 2, placements: 2, threshold: 0.1 };
const game = heuristicGame(3);
const TASKS = soloTasks(game.states, game.actions, 0).slice(0, 8);

/** A worker answering in-thread, counting its terminations. */
function inThread(log: { terminated: number }): CoachWorker {
  return {
    analyse: async (task, settings) => {
      const a = answer({ kind: "decision", task, settings });
      return a.kind === "decision" ? a.decision : null;
    },
    terminate: () => void log.terminated++,
  };
}

/** Workers whose answers wait until the test releases them, in an order it picks. */
function held() {
  const queue: { task: CoachTask; release: () => void }[] = [];
  const log = { terminated: 0 };
  const make = (): CoachWorker => ({
    analyse: (task, settings) =>
      new Promise<CoachDecision | null>((resolve) => {
        queue.push({ task, release: () => resolve((answer({ kind: "decision", task, settings }) as { decision: CoachDecision | null }).decision) });
      }),
    terminate: () => void log.terminated++,
  });
  return { queue, log, make };
}

const flush = () => new Promise<void>((r) => setTimeout(r, 0));

describe("the coach's worker pool", () => {
  it("uses one worker fewer than the cores, at least 1 and at most 4, never more than the tasks", () => {
    expect(workerCount(1, 10)).toBe(1);
    expect(workerCount(2, 10)).toBe(1);
    expect(workerCount(4, 10)).toBe(3);
    expect(workerCount(16, 10)).toBe(4);
    expect(workerCount(16, 2)).toBe(2);
    expect(workerCount(undefined, 10)).toBe(1);
  });

  it("gives the same decisions, in game order, with 1, 2, 3 or 4 workers", async () => {
    expect(TASKS.length).toBeGreaterThanOrEqual(4);
    const results = [];
    for (const workers of [1, 2, 3, 4]) {
      const log = { terminated: 0 };
      const progress: number[] = [];
      const o = await runCoach({ tasks: TASKS, settings: SETTINGS, workers, create: () => inThread(log), onProgress: (p) => progress.push(p.done) }).finished;
      expect(o.stopped).toBe(false);
      expect(o.done).toBe(TASKS.length);
      expect(progress).toEqual(TASKS.map((_, k) => k + 1));
      expect(log.terminated).toBe(workers);
      results.push(o.decisions);
    }
    const indices = results[0].map((d) => d.index);
    expect(indices).toEqual([...indices].sort((a, b) => a - b));
    for (const r of results.slice(1)) expect(r).toEqual(results[0]);
  });

  it("merges answers that come back in any order into the same list", async () => {
    const inOrder = await runCoach({ tasks: TASKS, settings: SETTINGS, workers: 1, create: () => inThread({ terminated: 0 }) }).finished;
    const h = held();
    const run = runCoach({ tasks: TASKS, settings: SETTINGS, workers: 3, create: h.make });
    // release the newest request first, every time
    for (let k = 0; k < TASKS.length; k++) {
      await flush();
      h.queue.pop()!.release();
    }
    const o = await run.finished;
    expect(o.decisions).toEqual(inOrder.decisions);
  });

  it("stops at once: every worker is terminated, what is done is kept, late answers are dropped", async () => {
    const h = held();
    const seen: number[] = [];
    const run = runCoach({ tasks: TASKS, settings: SETTINGS, workers: 2, create: h.make, onProgress: (p) => seen.push(p.done) });
    await flush();
    expect(h.queue).toHaveLength(2);
    h.queue.shift()!.release();
    await flush();
    run.stop();
    const o = await run.finished;
    expect(o).toMatchObject({ stopped: true, done: 1, total: TASKS.length, error: null });
    expect(h.log.terminated).toBe(2);
    for (const q of h.queue) q.release();
    await flush();
    expect(seen).toEqual([1]);
  });

  it("ends with a failing worker's error and keeps the other results", async () => {
    let calls = 0;
    const failing: CoachWorker = {
      analyse: async (task, settings) => {
        if (++calls === 3) throw new Error("worker crashed");
        return (answer({ kind: "decision", task, settings }) as { decision: CoachDecision | null }).decision;
      },
      terminate: () => {},
    };
    const o = await runCoach({ tasks: TASKS, settings: SETTINGS, workers: 1, create: () => failing }).finished;
    expect(o.error).toBe("worker crashed");
    expect(o.done).toBe(2);
  });

  it("finishes at once with nothing to analyse", async () => {
    const o = await runCoach({ tasks: [], settings: SETTINGS, workers: 4, create: () => inThread({ terminated: 0 }) }).finished;
    expect(o).toMatchObject({ done: 0, total: 0, decisions: [], stopped: false });
  });
});

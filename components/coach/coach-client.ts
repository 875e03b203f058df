/**
 * A channel to one coach worker (coach-worker.ts); where workers do not exist
 * (jsdom tests, old browsers) the same computation runs in-thread after
 * yielding to the event loop. `poolWorker` adapts a channel to the pool of
 * lib/coach/pool.ts.
 */
import { answer, type CoachAnswer, type CoachRequest } from "@/lib/coach/protocol";
import type { CoachWorker } from "@/lib/coach/pool";
import { workerRpc } from "@/lib/util/worker-rpc";

/** Something that answers coach requests asynchronously until terminated. */
export interface CoachChannel {
  ask(req: CoachRequest): Promise<CoachAnswer>;
  terminate(): void;
}

/** In-thread channel: after `terminate`, requests still waiting are never answered. */
export function inlineChannel(): CoachChannel {
  let alive = true;
  return {
    ask: (req) =>
      new Promise((resolve, reject) => {
        setTimeout(() => {
          if (!alive) return;
          try {
            resolve(answer(req));
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        }, 0);
      }),
    terminate: () => {
      alive = false;
    },
  };
}

/** A Web Worker channel, falling back to in-thread when Worker is unavailable. */
export function createChannel(): CoachChannel {
  if (typeof Worker === "undefined") return inlineChannel();
  let worker: Worker;
  try {
    worker = new Worker(new URL("./coach-worker.ts", import.meta.url), { type: "module" });
  } catch {
    return inlineChannel();
  }
  const rpc = workerRpc<CoachRequest, CoachAnswer>(worker, "The coach's worker failed.");
  return { ask: rpc.ask, terminate: () => rpc.close() };
}

/** One pool worker over a channel. */
export function poolWorker(ch: CoachChannel = createChannel()): CoachWorker {
  return {
    analyse: async (task, settings) => {
      const a = await ch.ask({ kind: "decision", task, settings });
      return a.kind === "decision" ? a.decision : null;
    },
    terminate: () => ch.terminate(),
  };
}

/**
 * A channel to one coach worker (coach-worker.ts); where workers do not exist
 * (jsdom tests, old browsers) the same computation runs in-thread after
 * yielding to the event loop. `poolWorker` adapts a channel to the pool of
 * lib/coach/pool.ts.
 */
import { answer, type CoachAnswer, type CoachRequest } from "@/lib/coach/protocol";
import type { CoachWorker } from "@/lib/coach/pool";

/** Something that answers coach requests asynchronously until terminated. */
export interface CoachChannel {
  ask(req: CoachRequest): Promise<CoachAnswer>;
  terminate(): void;
}

type Reply = { id: number; ok: true; answer: CoachAnswer } | { id: number; ok: false; error: string };

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
  let nextId = 1;
  const waiting = new Map<number, { resolve: (a: CoachAnswer) => void; reject: (e: Error) => void }>();
  worker.onmessage = (e: MessageEvent<Reply>) => {
    const w = waiting.get(e.data.id);
    if (!w) return;
    waiting.delete(e.data.id);
    if (e.data.ok) w.resolve(e.data.answer);
    else w.reject(new Error(e.data.error));
  };
  worker.onerror = (e) => {
    for (const w of waiting.values()) w.reject(new Error(e.message || "The coach's worker failed."));
    waiting.clear();
  };
  return {
    ask: (req) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, req });
      }),
    terminate: () => {
      worker.terminate();
      waiting.clear();
    },
  };
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

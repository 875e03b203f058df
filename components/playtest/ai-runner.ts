/**
 * Runs the AI off the main thread in a Web Worker; where workers do not exist
 * (jsdom tests) it runs in-thread after yielding to the event loop.
 */
import { chooseAiAction, type AiAnswer, type AiRequest } from "@/lib/playtest/ai";

/** Something that answers AI requests asynchronously. */
export interface AiRunner {
  ask(req: AiRequest): Promise<AiAnswer>;
  dispose(): void;
}

type Reply = { id: number; ok: true; action: AiAnswer["action"]; level: AiAnswer["level"]; ms: number } | { id: number; ok: false; error: string };

/** In-thread runner (tests, or browsers without workers). */
export function inlineRunner(): AiRunner {
  return {
    ask: (req) =>
      new Promise((resolve, reject) => {
        setTimeout(() => {
          try {
            const t0 = performance.now();
            const r = chooseAiAction(req);
            resolve({ action: r.action, level: r.level, ms: performance.now() - t0 });
          } catch (e) {
            reject(e);
          }
        }, 0);
      }),
    dispose: () => {},
  };
}

/** A Web Worker runner, falling back to in-thread when Worker is unavailable. */
export function createAiRunner(): AiRunner {
  if (typeof Worker === "undefined") return inlineRunner();
  let worker: Worker;
  try {
    worker = new Worker(new URL("./ai-worker.ts", import.meta.url), { type: "module" });
  } catch {
    return inlineRunner();
  }
  let nextId = 1;
  const waiting = new Map<number, { resolve: (a: AiAnswer) => void; reject: (e: Error) => void }>();
  worker.onmessage = (e: MessageEvent<Reply>) => {
    const w = waiting.get(e.data.id);
    if (!w) return;
    waiting.delete(e.data.id);
    if (e.data.ok) w.resolve({ action: e.data.action, level: e.data.level, ms: e.data.ms });
    else w.reject(new Error(e.data.error));
  };
  worker.onerror = (e) => {
    for (const w of waiting.values()) w.reject(new Error(e.message || "The AI worker failed."));
    waiting.clear();
  };
  return {
    ask: (req) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, req });
      }),
    dispose: () => {
      worker.terminate();
      for (const w of waiting.values()) w.reject(new Error("The AI was stopped."));
      waiting.clear();
    },
  };
}

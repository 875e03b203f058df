/**
 * Runs the AI off the main thread in a Web Worker; where workers do not exist
 * (jsdom tests) it runs in-thread after yielding to the event loop.
 */
import { chooseAiAction, type AiAnswer, type AiRequest } from "@/lib/playtest/ai";
import { workerRpc } from "@/lib/util/worker-rpc";

/** Something that answers AI requests asynchronously. */
export interface AiRunner {
  ask(req: AiRequest): Promise<AiAnswer>;
  dispose(): void;
}

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
  const rpc = workerRpc<AiRequest, AiAnswer>(worker, "The AI worker failed.");
  return { ask: rpc.ask, dispose: () => rpc.close("The AI was stopped.") };
}

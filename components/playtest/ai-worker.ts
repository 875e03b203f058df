/// <reference lib="webworker" />
/**
 * The AI's Web Worker: receives the AI player's view only and answers with
 * an action, so the board never freezes while the AI thinks.
 */
import "@/lib/util/zod-config";
import { chooseAiAction, type AiAnswer, type AiRequest } from "@/lib/playtest/ai";
import { serveWorker } from "@/lib/util/worker-rpc";

serveWorker(self as unknown as DedicatedWorkerGlobalScope, (req: AiRequest): AiAnswer => {
  const t0 = performance.now();
  const r = chooseAiAction(req);
  return { action: r.action, level: r.level, ms: performance.now() - t0 };
});

/// <reference lib="webworker" />
/**
 * The AI's Web Worker: receives the AI player's view only and answers with
 * an action, so the board never freezes while the AI thinks.
 */
import { chooseAiAction, type AiRequest } from "@/lib/playtest/ai";

const ctx = self as unknown as DedicatedWorkerGlobalScope;

ctx.onmessage = (e: MessageEvent<{ id: number; req: AiRequest }>) => {
  const t0 = performance.now();
  try {
    const r = chooseAiAction(e.data.req);
    ctx.postMessage({ id: e.data.id, ok: true, action: r.action, level: r.level, ms: performance.now() - t0 });
  } catch (err) {
    ctx.postMessage({ id: e.data.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
};

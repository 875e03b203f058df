/// <reference lib="webworker" />
/**
 * The coach's Web Worker: weighs one decision from the deciding player's view,
 * or estimates a public view's win chance (lib/coach/protocol.ts). Several run
 * side by side during an analysis; the page terminates them to stop.
 */
import "@/lib/util/zod-config";
import { answer, type CoachRequest } from "@/lib/coach/protocol";

const ctx = self as unknown as DedicatedWorkerGlobalScope;

ctx.onmessage = (e: MessageEvent<{ id: number; req: CoachRequest }>) => {
  try {
    ctx.postMessage({ id: e.data.id, ok: true, answer: answer(e.data.req) });
  } catch (err) {
    ctx.postMessage({ id: e.data.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
};

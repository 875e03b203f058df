/// <reference lib="webworker" />
/**
 * The coach's Web Worker: weighs one decision from the deciding player's view,
 * or estimates a public view's win chance (lib/coach/protocol.ts). Several run
 * side by side during an analysis; the page terminates them to stop.
 */
import "@/lib/util/zod-config";
import { answer, type CoachRequest } from "@/lib/coach/protocol";
import { serveWorker } from "@/lib/util/worker-rpc";

serveWorker(self as unknown as DedicatedWorkerGlobalScope, (req: CoachRequest) => answer(req));

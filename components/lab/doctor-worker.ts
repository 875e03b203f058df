/// <reference lib="webworker" />
/** Runs the deck doctor off the main thread, posting progress and then the report. */
import { runDoctor, type DoctorInput } from "@/lib/lab/doctor";

const ctx = self as unknown as DedicatedWorkerGlobalScope;

ctx.onmessage = (e: MessageEvent<Omit<DoctorInput, "onProgress">>) => {
  try {
    let last = 0;
    const report = runDoctor({
      ...e.data,
      onProgress: (games) => {
        if (games - last >= 50) {
          last = games;
          ctx.postMessage({ type: "progress", games });
        }
      },
    });
    ctx.postMessage({ type: "done", report });
  } catch (err) {
    ctx.postMessage({ type: "error", error: err instanceof Error ? err.message : String(err) });
  }
};

/// <reference lib="webworker" />
/**
 * Runs the deck doctor off the main thread, posting progress and then the
 * report: the swap doctor (`kind: "doctor"`) or the ranking of owned
 * stand-ins for a deck's missing cards (`kind: "stand-ins"`).
 */
import { rankStandIns, runDoctor, type DoctorInput, type StandInInput } from "@/lib/lab/doctor";

const ctx = self as unknown as DedicatedWorkerGlobalScope;

export type DoctorRequest = { kind: "doctor"; input: Omit<DoctorInput, "onProgress"> } | { kind: "stand-ins"; input: Omit<StandInInput, "onProgress"> };

ctx.onmessage = (e: MessageEvent<DoctorRequest>) => {
  try {
    let last = 0;
    const onProgress = (games: number) => {
      if (games - last >= 50) {
        last = games;
        ctx.postMessage({ type: "progress", games });
      }
    };
    const report = e.data.kind === "doctor" ? runDoctor({ ...e.data.input, onProgress }) : rankStandIns({ ...e.data.input, onProgress });
    ctx.postMessage({ type: "done", report });
  } catch (err) {
    ctx.postMessage({ type: "error", error: err instanceof Error ? err.message : String(err) });
  }
};

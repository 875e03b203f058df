/// <reference lib="webworker" />
/**
 * A matchup lab worker: receives the run's matchups once, then plays chunks of
 * games with the engine's simulator and answers each with its tally.
 */
import { playMatchup, type MatchupSpec } from "@/lib/lab/matchup";

const ctx = self as unknown as DedicatedWorkerGlobalScope;
let specs: MatchupSpec[] = [];

export type LabWorkerIn = { type: "init"; specs: MatchupSpec[] } | { type: "chunk"; matchup: number; from: number; to: number };

ctx.onmessage = (e: MessageEvent<LabWorkerIn>) => {
  const m = e.data;
  if (m.type === "init") {
    specs = m.specs;
    return;
  }
  try {
    const tally = playMatchup(specs[m.matchup], m.from, m.to);
    ctx.postMessage({ ok: true, matchup: m.matchup, from: m.from, to: m.to, tally });
  } catch (err) {
    ctx.postMessage({ ok: false, matchup: m.matchup, from: m.from, to: m.to, error: err instanceof Error ? err.message : String(err) });
  }
};

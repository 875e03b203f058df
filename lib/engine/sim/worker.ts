/**
 * worker_threads entry of the simulator: plays its share of a batch
 * (sim/simulate.ts) in chunks, posting progress after each chunk and the
 * aggregate at the end. Timing uses the host's clock, injected into the pure
 * simulation.
 */
import { parentPort, workerData } from "node:worker_threads";
import { performance } from "node:perf_hooks";
import { mergeRecord, runBatch, type BatchOptions, type BatchResult } from "./simulate";

const opts = workerData as BatchOptions & { timed?: boolean; chunk?: number };
const clock = opts.timed ? () => performance.now() : undefined;
const t0 = performance.now();
const from = opts.from ?? 0;
const to = opts.to ?? opts.games;
const chunk = opts.chunk ?? 20;
const res: BatchResult = { games: 0, wins: [0, 0], draws: 0, turns: 0, checksum: 0, decisionMs: [[], []], iterations: [0, 0], records: [] };
for (let a = from; a < to; a += chunk) {
  const part = runBatch({ ...opts, from: a, to: Math.min(to, a + chunk), clock });
  for (const r of part.records) mergeRecord(res, r);
  parentPort?.postMessage({ type: "progress", games: res.games, wins: res.wins, draws: res.draws });
}
const ms = performance.now() - t0;
parentPort?.postMessage({ type: "done", ...res, records: [], ms });

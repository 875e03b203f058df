/**
 * worker_threads entry of the simulator: plays its share of a batch
 * (sim/simulate.ts) and posts the aggregate back. Timing uses the host's
 * clock, injected into the pure simulation.
 */
import { parentPort, workerData } from "node:worker_threads";
import { performance } from "node:perf_hooks";
import { runBatch, type BatchOptions } from "./simulate";

const opts = workerData as BatchOptions & { timed?: boolean };
const t0 = performance.now();
const res = runBatch({ ...opts, clock: opts.timed ? () => performance.now() : undefined });
const ms = performance.now() - t0;
parentPort?.postMessage({ ...res, records: res.records.map((r) => ({ ...r, decisionMs: [[], []] })), ms });

import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

/**
 * With EVENT_LOOP_STATS=1 (set by `npm run bench:http` and `npm run bench:play`), the server process
 * prints, every `everyMs`, the longest the event loop was held in that
 * window (perf_hooks monitorEventLoopDelay: how late a 5 ms timer fired):
 *   [event-loop] {"maxMs":12.4,"p99Ms":6.1,"gcMaxMs":3.2,"gcMs":7.9,"writeMaxMs":4.1,"writeRunMaxMs":0.8,"heapMb":88,"heapTotalMb":120,"externalMb":9}
 * with the longest garbage-collection pause of the main thread in that window
 * and their sum (perf_hooks' `gc` entries), the longest a write to the SQLite
 * writer thread took from its call to its answer (queue, statement, commit:
 * `noteWriteRoundTrip`) and the longest its statements ran there, and the V8 heap in use and
 * reserved and the memory outside it (Buffers) at that moment. The benchmark reads these lines to print the longest block
 * during an import and where the server's memory is (bench:http's RSS lines).
 */
/** The longest write of the window, on globalThis: the instrumentation hook and the routes are bundled apart, each with its own copy of this module. */
const shared = globalThis as { __ringbinderWriteMaxMs?: number; __ringbinderWriteRunMaxMs?: number };

/**
 * A write's time from its call to its answer, and the part of it its statements ran on the writer thread
 * (lib/server/db/sqlite-adapter.ts): the longest of each per window is reported.
 */
export function noteWriteRoundTrip(ms: number, ranMs: number): void {
  if (ms > (shared.__ringbinderWriteMaxMs ?? 0)) shared.__ringbinderWriteMaxMs = ms;
  if (ranMs > (shared.__ringbinderWriteRunMaxMs ?? 0)) shared.__ringbinderWriteRunMaxMs = ranMs;
}

export function reportEventLoopDelay(everyMs = 250): void {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  let gcMax = 0;
  let gcSum = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcSum += e.duration;
      if (e.duration > gcMax) gcMax = e.duration;
    }
  }).observe({ entryTypes: ["gc"] });
  setInterval(() => {
    const m = process.memoryUsage();
    const mb = (b: number) => Math.round(b / 1048576);
    console.info(`[event-loop] ${JSON.stringify({ maxMs: ms(h.max), p99Ms: ms(h.percentile(99)), gcMaxMs: Math.round(gcMax * 10) / 10, gcMs: Math.round(gcSum * 10) / 10, writeMaxMs: Math.round((shared.__ringbinderWriteMaxMs ?? 0) * 10) / 10, writeRunMaxMs: Math.round((shared.__ringbinderWriteRunMaxMs ?? 0) * 10) / 10, heapMb: mb(m.heapUsed), heapTotalMb: mb(m.heapTotal), externalMb: mb(m.external) })}`);
    h.reset();
    gcMax = gcSum = shared.__ringbinderWriteMaxMs = shared.__ringbinderWriteRunMaxMs = 0;
  }, everyMs).unref();
}

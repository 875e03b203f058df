import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

/**
 * With EVENT_LOOP_STATS=1 (set by `npm run bench:http`), the server process
 * prints, every `everyMs`, the longest the event loop was held in that
 * window (perf_hooks monitorEventLoopDelay: how late a 5 ms timer fired):
 *   [event-loop] {"maxMs":12.4,"p99Ms":6.1,"gcMaxMs":3.2,"gcMs":7.9,"heapMb":88,"heapTotalMb":120,"externalMb":9}
 * with the longest garbage-collection pause of the main thread in that window
 * and their sum (perf_hooks' `gc` entries), and the V8 heap in use and
 * reserved and the memory outside it (Buffers) at that moment. The benchmark reads these lines to print the longest block
 * during an import and where the server's memory is (bench:http's RSS lines).
 */
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
    console.info(`[event-loop] ${JSON.stringify({ maxMs: ms(h.max), p99Ms: ms(h.percentile(99)), gcMaxMs: Math.round(gcMax * 10) / 10, gcMs: Math.round(gcSum * 10) / 10, heapMb: mb(m.heapUsed), heapTotalMb: mb(m.heapTotal), externalMb: mb(m.external) })}`);
    h.reset();
    gcMax = gcSum = 0;
  }, everyMs).unref();
}

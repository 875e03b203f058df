import { monitorEventLoopDelay } from "node:perf_hooks";

/**
 * With EVENT_LOOP_STATS=1 (set by `npm run bench:http`), the server process
 * prints, every `everyMs`, the longest the event loop was held in that
 * window (perf_hooks monitorEventLoopDelay: how late a 5 ms timer fired):
 *   [event-loop] {"maxMs":12.4,"p99Ms":6.1}
 * The benchmark reads these lines to print the longest block during an import.
 */
export function reportEventLoopDelay(everyMs = 250): void {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  setInterval(() => {
    console.info(`[event-loop] ${JSON.stringify({ maxMs: ms(h.max), p99Ms: ms(h.percentile(99)) })}`);
    h.reset();
  }, everyMs).unref();
}

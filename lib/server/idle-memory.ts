import http from "node:http";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Gives memory back when the server goes quiet. Under load V8 grows its heap
 * to fit the garbage of many renders in flight and keeps the pages it reserved
 * (bench:http: 110 MB in use of 300 MB reserved after the page loads, RSS 474 MB
 * 30 s later). After `IDLE_TRIM_SECONDS` (default 20; 0 turns it off) without a
 * new request, one full garbage collection runs, once per quiet spell, which
 * lets V8 release its free pages: RSS falls back toward where it started. Only
 * an idle server pays for the collection (about 0.1–0.3 s of CPU); the next
 * request after a trim may wait for its end.
 */

type Trimmer = { touch: () => void; tick: () => boolean };

/** The bookkeeping: `touch` on every request; `tick` runs `trim` once when `idleMs` passed since the last touch (true when it did). */
export function idleTrimmer(idleMs: number, trim: () => void, now: () => number = Date.now): Trimmer {
  let last = now();
  let trimmed = true; // nothing to give back before the first request
  return {
    touch() {
      last = now();
      trimmed = false;
    },
    tick() {
      if (trimmed || now() - last < idleMs) return false;
      trimmed = true;
      trim();
      return true;
    },
  };
}

/** V8's full collection: `gc` when node runs with --expose-gc, else the same function exposed at run time (node's documented v8 flag). */
export function fullGc(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === "function") return exposed;
  v8.setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

const started = Symbol.for("ringbinder.idleMemoryTrim");

/** Starts the idle trim in this server process (instrumentation.ts): counts requests through http.Server's emit, checks every few seconds. */
export function startIdleMemoryTrim(seconds = Number(process.env.IDLE_TRIM_SECONDS ?? 20)): void {
  const proto = http.Server.prototype as unknown as Record<symbol, boolean> & { emit: (event: string, ...args: unknown[]) => boolean };
  if (!(seconds > 0) || proto[started]) return;
  proto[started] = true;
  const gc = fullGc();
  const trimmer = idleTrimmer(seconds * 1000, () => {
    const before = process.memoryUsage();
    const t0 = performance.now();
    gc();
    if (process.env.EVENT_LOOP_STATS === "1") {
      const after = process.memoryUsage();
      const mb = (b: number) => Math.round(b / 1048576);
      console.info(`[idle-trim] ${JSON.stringify({ ms: Math.round(performance.now() - t0), heapMb: [mb(before.heapUsed), mb(after.heapUsed)], heapTotalMb: [mb(before.heapTotal), mb(after.heapTotal)] })}`);
    }
  });
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === "request") trimmer.touch();
    return emit.call(this, event, ...args);
  };
  setInterval(() => trimmer.tick(), Math.min(5000, seconds * 250)).unref();
}

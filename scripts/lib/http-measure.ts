/** bench:http's measuring: bounded autocannon loads, /api/health polling, the second-connection writer and the server's own figures. */
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { tracked } from "./cleanup";
import { BASE, CONNECTIONS, DB_KIND, DURATION, root, state, TARGETS } from "./http-config";
import { serverCpuMs, serverStats } from "./http-server";

export type Row = { name: string; path: string; kind: "baseline" | "public" | "signed-in" | "uncached"; rps: number; p50: number; p99: number; non2xx: number; errors: number; bytes: number; cacheControl: string; load: number; cpuMs: number | null };

export type Vary = (n: number) => { path: string; headers?: Record<string, string> };

export async function load(name: string, url: string, kind: Row["kind"], headers: Record<string, string> = {}, vary?: Vary): Promise<Row> {
  // one warm-up request (first render fills the caches), and its size and Cache-Control
  const warm = await fetch(`${BASE}${url}`, { headers });
  const body = await warm.arrayBuffer();
  if (!warm.ok) console.warn(`  ! ${url} answered ${warm.status} before the load`);
  let n = 0;
  const requests = vary
    ? [
        {
          setupRequest: (req: { path?: string; headers?: Record<string, string> }) => {
            const v = vary(n++);
            return { ...req, path: v.path, headers: { ...req.headers, ...v.headers } };
          },
        },
      ]
    : undefined;
  const cpu0 = serverCpuMs();
  const r = await autocannon({ url: `${BASE}${url}`, connections: CONNECTIONS, duration: DURATION, headers, timeout: 30, ...(requests ? { requests } : {}) } as autocannon.Options);
  const cpu1 = serverCpuMs();
  const [l1] = loadavg();
  return {
    name,
    path: url,
    kind,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    bytes: body.byteLength,
    cacheControl: warm.headers.get("cache-control") ?? "",
    load: l1,
    // per request sent (those still in flight at the end were worked on too)
    cpuMs: cpu0 !== null && cpu1 !== null && r.requests.sent > 0 ? (cpu1 - cpu0) / r.requests.sent : null,
  };
}

export function printRows(rows: Row[]) {
  const base = rows.find((r) => r.kind === "baseline")!;
  const head = `${"page".padEnd(22)} ${"req/s".padStart(8)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"ratio".padStart(6)} ${"target".padStart(7)} ${"KB".padStart(6)} ${"cpu ms".padStart(6)} ${"load".padStart(5)}  non-2xx/err  Cache-Control`;
  console.log(`\n${head}\n${"-".repeat(head.length + 20)}`);
  for (const r of rows) {
    const ratio = r.rps / base.rps;
    const target = r.kind === "public" ? TARGETS.publicCached : r.kind === "signed-in" ? TARGETS.signedIn : null;
    const verdict = target === null ? "" : ratio >= target ? ` ≥${target} ok` : ` <${target}`;
    console.log(
      `${r.name.padEnd(22)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${ratio.toFixed(2).padStart(6)} ${verdict.padStart(7)} ${(r.bytes / 1024).toFixed(0).padStart(6)} ${(r.cpuMs === null ? "?" : r.cpuMs.toFixed(1)).padStart(6)} ${r.load.toFixed(1).padStart(5)}  ${`${r.non2xx}/${r.errors}`.padEnd(11)}  ${r.cacheControl}`,
    );
  }
  console.log(`\nTargets (2-core machine): public cached pages ≥ ${TARGETS.publicCached}× the static baseline, signed-in pages ≥ ${TARGETS.signedIn}×.`);
  if (rows.some((r) => r.kind === "uncached"))
    console.log(
      "Signed-in rows: rendered per request (no signed-in page is cached as HTML), repeat views under one session (its check remembered for 5 s); the uncached rows (no target): every /collection request a query not seen before, every /decks request a session the server has not checked yet (the full session check each time).",
    );
  console.log("cpu ms: the server process's CPU time per request during the load (all its threads; what a request costs, whatever the load average).");
}

let healthFailures = 0;

/** Polls /api/health one request at a time until `until` settles; returns the latencies in ms. */
export async function probeHealth(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true)).catch(() => {});
  const times: number[] = [];
  healthFailures = 0;
  while (!done) {
    const s = performance.now();
    try {
      const r = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(120_000) });
      await r.arrayBuffer();
      if (!r.ok) healthFailures++;
    } catch {
      // a timeout counts with its full wait
      healthFailures++;
    }
    times.push(performance.now() - s);
    await sleep(20);
  }
  return times;
}

export function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
}

export function printHealth(label: string, times: number[], extra: string) {
  const p99 = pct(times, 99);
  const [l1] = loadavg();
  console.log(`\n${label}: ${extra}`);
  console.log(
    `  /api/health during it: ${times.length} requests, p50 ${pct(times, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms, ${healthFailures} failed (load average ${l1.toFixed(1)}) — target p99 ≤ ${TARGETS.healthP99} ms: ${p99 <= TARGETS.healthP99 ? "met" : "missed"}`,
  );
}

/** Starts the second-connection write probe (scripts/bench-write-probe.mjs); stop() ends it and returns its figures. */
export function startWriteProbe(): { stop: () => Promise<{ writes: number; p50Ms: number; p99Ms: number; maxMs: number; failures: number } | null> } {
  const child = tracked(spawn(process.execPath, [path.join(root, "scripts", "bench-write-probe.mjs"), state.url], { stdio: ["pipe", "pipe", "inherit"] }));
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return {
    async stop() {
      child.stdin.end();
      await exited;
      try {
        const r = JSON.parse(out.trim().split("\n").at(-1) ?? "null");
        return r && "writes" in r ? r : null;
      } catch {
        return null;
      }
    },
  };
}

type Window = { from: number; to: number };
/** One phase of an import, as its progress lines told it (performance.now() times). */
export type Phase = { phase: string; seconds: number; from: number; to: number };

/** What the server said about a window of time: the longest event-loop block, and its import apply transactions. */
export function serverFigures(w: Window, phases: Phase[] = []): string {
  // an [event-loop] line covers the 250 ms before it arrived
  const windows = serverStats.filter((s) => s.kind === "event-loop" && s.at >= w.from && s.at <= w.to + 300);
  const loop = windows.map((s) => Number(s.data.maxMs));
  const byPhase = phases
    .map((p) => {
      const inPhase = windows.filter((s) => s.at > p.from && s.at - 250 < p.to).map((s) => Number(s.data.maxMs));
      return inPhase.length ? `${p.phase} ${Math.max(...inPhase).toFixed(0)}` : "";
    })
    .filter(Boolean)
    .join(", ");
  const applies = serverStats.filter((s) => s.kind === "bulk-timings" && s.at >= w.from && s.at <= w.to + 300);
  const lines = [`  server event loop (monitorEventLoopDelay): longest block ${loop.length ? Math.max(...loop).toFixed(0) : "?"} ms over ${loop.length} windows of 250 ms — target ≤ ~100 ms: ${loop.length && Math.max(...loop) <= 100 ? "met" : "missed"}${byPhase ? `; per phase (ms, a window overlapping two counts in both): ${byPhase}` : ""}`];
  for (const a of applies) {
    const held = Number(a.data.transactionMs);
    // one transaction; its statements run off the event loop (SQLite: on the writer thread; PostgreSQL: on the server)
    lines.push(
      `  apply write transaction (${a.data.kind}, ${a.data.rows} rows, ${a.data.ranges} ranges, then ${a.data.finishMs} ms of in-place updates): ${held} ms${DB_KIND === "sqlite" ? " holding the SQLite write lock (other writers wait for it)" : " (row locks on the rows it writes only)"}, longest range ${a.data.longestRangeMs} ms — target ≤ ~500 ms: ${held <= 500 ? "met" : "missed"}`,
    );
  }
  return lines.join("\n");
}

export function printProbe(r: Awaited<ReturnType<ReturnType<typeof startWriteProbe>["stop"]>>) {
  const [l1] = loadavg();
  if (!r) return console.log("  second-connection writer: no figures (the probe failed)");
  console.log(`  second-connection writer (a small write transaction every 20 ms): ${r.writes} writes, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, longest wait ${r.maxMs} ms, ${r.failures} failed (load average ${l1.toFixed(1)})`);
}

/**
 * Total blocking time of pages in Chromium, as Lighthouse counts it: the sum
 * over the main thread's long tasks (> 50 ms) after the first contentful
 * paint of their time past 50 ms, with the CPU slowed down (4× by default,
 * Lighthouse's mobile setting) through the DevTools protocol.
 *
 *   npm run bench:tbt -- URL [URL…] [--runs 5 --throttle 4 --quiet-ms 5000]
 *
 * Point it at a production server (`next start`; a dev server's timings mean
 * nothing). Each URL is loaded --runs times in a fresh browser context; the
 * median TBT, the longest task and the first contentful paint are printed, with
 * the load average (figures only, never asserted). Chromium: CHROMIUM_PATH, or
 * /usr/bin/chromium, or Playwright's own.
 */
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { chromium } from "@playwright/test";

const args = process.argv.slice(2);
function opt(name: string, def: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : def;
}
const RUNS = Number(opt("runs", "5"));
const THROTTLE = Number(opt("throttle", "4"));
const QUIET_MS = Number(opt("quiet-ms", "5000"));
const urls = args.filter((a, i) => !a.startsWith("--") && !(i > 0 && args[i - 1].startsWith("--")));
if (!urls.length || !urls.every((u) => /^https?:\/\//.test(u))) {
  console.error("✖ Give one or more page URLs: npm run bench:tbt -- http://localhost:3000/d/some-deck");
  process.exit(2);
}
if (!(Number.isInteger(RUNS) && RUNS >= 1 && RUNS <= 50) || !(THROTTLE >= 1 && THROTTLE <= 20) || !(QUIET_MS >= 500)) {
  console.error("✖ --runs must be 1..50, --throttle 1..20, --quiet-ms at least 500.");
  process.exit(2);
}

type Run = { tbt: number; longest: number; tasks: number; fcp: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function main() {
  const executablePath = process.env.CHROMIUM_PATH || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
  try {
    for (const url of urls) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const page = await context.newPage();
        await page.addInitScript(() => {
          const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
          w.__longTasks = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
          }).observe({ type: "longtask", buffered: true });
        });
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
        const res = await page.goto(url, { waitUntil: "load", timeout: 120_000 });
        if (!res?.ok()) throw new Error(`${url} answered ${res?.status()}`);
        await page.waitForTimeout(QUIET_MS);
        const r = await page.evaluate(() => {
          const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
          const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
          const after = tasks.filter((t) => t.start + t.duration > fcp);
          const tbt = after.reduce((s, t) => s + Math.max(0, t.start + t.duration - Math.max(t.start, fcp) - 50), 0);
          return { tbt, longest: Math.max(0, ...tasks.map((t) => t.duration)), tasks: tasks.length, fcp };
        });
        runs.push(r);
        await context.close();
      }
      const [l1] = loadavg();
      console.log(
        `${url}: TBT median ${median(runs.map((r) => r.tbt)).toFixed(0)} ms (runs: ${runs.map((r) => r.tbt.toFixed(0)).join(", ")}), longest task median ${median(runs.map((r) => r.longest)).toFixed(0)} ms, long tasks median ${median(runs.map((r) => r.tasks))}, FCP median ${median(runs.map((r) => r.fcp)).toFixed(0)} ms — ${THROTTLE}× CPU slowdown, load average ${l1.toFixed(1)}`,
      );
    }
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

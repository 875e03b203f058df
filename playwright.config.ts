import { defineConfig, devices } from "@playwright/test";
import type { Database } from "./e2e/server";

// One id for the run, fixed here and inherited by the workers (Playwright's workers
// re-read this file): it names the PostgreSQL scratch databases and the Redis key prefix.
process.env.E2E_RUN_ID ??= `${process.pid}${Math.random().toString(36).slice(2, 8)}`;
process.env.E2E_REDIS_PREFIX ??= `e2e-${process.env.E2E_RUN_ID}:`;

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 } };
/** npm run bench:playtest sets E2E_BENCH: the e2e/bench/*.bench.ts figures instead of the specs. */
const BENCH = Boolean(process.env.E2E_BENCH);

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against
 * a production build. e2e/global-setup.ts builds it once; each worker then starts
 * its own `next start` on its own fresh database (e2e/fixtures.ts, e2e/server.ts):
 * SQLite for the project "chromium", and with TEST_POSTGRES_URL (as in CI) a
 * PostgreSQL scratch database and Redis for the project "postgres" (the deck and
 * collection specs' journeys tagged @postgres, and the two-instance spec). Tests of one worker never see
 * another's data, so every test may run in parallel with any other.
 */
export default defineConfig<object, { database: Database }>({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  outputDir: "test-results",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // one short journey per test: 90 s leaves room for a loaded 2-core machine (a quiet one takes a third of that)
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    // Recording a trace (DOM snapshots, screenshots, sources at every action) costs CPU in every test: in CI,
    // where a failed test is retried once, only the retry records one; a run by hand has no retry and keeps
    // the trace of a failed test
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
  },
  projects: BENCH
    ? [{ name: "bench", testMatch: /\.bench\.ts$/, timeout: 600_000, use: { ...desktop, database: "sqlite" as const } }]
    : [
        { name: "chromium", testIgnore: /instances\.spec\.ts$/, use: { ...desktop, database: "sqlite" as const } },
        ...(process.env.TEST_POSTGRES_URL
          ? [
              {
                name: "postgres",
                testMatch: /(decks|collection|instances)\.spec\.ts$/,
                // the two-instance spec, and one journey per feature tagged @postgres (the writes whose
                // SQL differs: quantities, a bulk CSV import, a deck save's version conflict); every
                // data function already runs on PostgreSQL in Vitest's "postgres" project
                grep: /instances\.spec\.ts|@postgres/,
                use: { ...desktop, database: "postgres" as const },
              },
            ]
          : []),
      ],
});

import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;

// With TEST_POSTGRES_URL (as in CI), a second server on PostgreSQL serves the
// project "postgres" (the deck and collection specs), on E2E_PORT + 100 and a
// scratch database created by its command and dropped by e2e/global-teardown.ts.
// The name is fixed once here: Playwright's workers inherit it and re-read it.
const PG_BASE_URL = process.env.TEST_POSTGRES_URL;
const PG_PORT = Number(process.env.E2E_PG_PORT ?? PORT + 100);
const pgBaseURL = `http://127.0.0.1:${PG_PORT}`;
process.env.E2E_PG_DATABASE ??= `rb_e2e_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const PG_DATABASE = process.env.E2E_PG_DATABASE;
function pgDatabaseUrl(base: string): string {
  const u = new URL(base);
  u.pathname = `/${PG_DATABASE}`;
  return u.toString();
}

// The PostgreSQL server shares Redis with the second instance e2e/instances.spec.ts starts
// (one key prefix per run, inherited by the workers). CI provides Redis at 127.0.0.1:6379.
process.env.E2E_REDIS_PREFIX ??= `e2e-${process.pid}-${Date.now()}:`;
const pgRedisEnv = { REDIS_URL: process.env.E2E_REDIS_URL ?? "redis://127.0.0.1:6379", REDIS_PREFIX: process.env.E2E_REDIS_PREFIX };

const SQLITE_URL = "file:./.tmp/e2e.db";
// e2e/global-setup.ts creates the admin on each of these
process.env.E2E_SERVER_DATABASES = [SQLITE_URL, ...(PG_BASE_URL ? [pgDatabaseUrl(PG_BASE_URL)] : [])].join(" ");

const serverEnv = {
  HOSTNAME: "127.0.0.1",
  NEXT_DIST_DIR: ".next-e2e",
  AUTH_SECRET: "e2e-secret-0123456789abcdef0123456789abcdef",
  // every spec signs up and in from 127.0.0.1: the per-address limits are raised for
  // the suite; the per-account and per-user limits keep their defaults
  RATE_LIMIT_SIGNIN_ADDRESS: "100000/900",
  RATE_LIMIT_SIGNUP_ADDRESS: "100000/3600",
  // deck views are limited per address too (over it they are not counted, which the community spec checks)
  RATE_LIMIT_DECK_VIEW: "100000/600",
  // outgoing mail (password reset links) as files the tests read
  MAIL_DIR: ".tmp/e2e-mail",
};

/** The PostgreSQL server's environment; e2e/instances.spec.ts starts a second instance with it (workers inherit it). */
function pgServerEnv(base: string): Record<string, string> {
  return { ...serverEnv, ...pgRedisEnv, DATABASE_URL: pgDatabaseUrl(base) };
}
if (PG_BASE_URL) process.env.E2E_PG_SERVER_ENV = JSON.stringify(pgServerEnv(PG_BASE_URL));

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against
 * a production build served on a throwaway SQLite database in .tmp/, and the
 * deck and collection specs again on PostgreSQL when TEST_POSTGRES_URL is set.
 */
export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // generous: CI machines have 2 cores and a production build serves every spec
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
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
  projects: [
    { name: "chromium", testIgnore: /instances\.spec\.ts$/, use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 } } },
    ...(PG_BASE_URL
      ? [
          {
            name: "postgres",
            testMatch: /(decks|collection|instances)\.spec\.ts$/,
            use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 }, baseURL: pgBaseURL },
          },
        ]
      : []),
  ],
  webServer: [
    {
      command: "rm -rf .tmp/e2e.db .tmp/e2e.db-wal .tmp/e2e.db-shm .tmp/e2e-mail && npm start",
      url: `${baseURL}/api/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: { ...serverEnv, PORT: String(PORT), DATABASE_URL: SQLITE_URL, AUTH_URL: baseURL },
    },
    // started after the first one, so the build it made is current and reused
    ...(PG_BASE_URL
      ? [
          {
            command: `node test/postgres-scratch.mjs drop "${PG_BASE_URL}" ${PG_DATABASE} && node test/postgres-scratch.mjs create "${PG_BASE_URL}" ${PG_DATABASE} && npm start`,
            url: `${pgBaseURL}/api/health`,
            timeout: 300_000,
            reuseExistingServer: false,
            stdout: "pipe" as const,
            env: { ...pgServerEnv(PG_BASE_URL), PORT: String(PG_PORT), AUTH_URL: pgBaseURL },
          },
        ]
      : []),
  ],
});

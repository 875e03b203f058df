import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against
 * a production build served on a throwaway SQLite database in .tmp/.
 */
export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 } } }],
  webServer: {
    command: "rm -f .tmp/e2e.db .tmp/e2e.db-wal .tmp/e2e.db-shm && npm start",
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      HOSTNAME: "127.0.0.1",
      DATABASE_URL: "file:./.tmp/e2e.db",
      NEXT_DIST_DIR: ".next-e2e",
      AUTH_SECRET: "e2e-secret-0123456789abcdef0123456789abcdef",
      AUTH_URL: baseURL,
      RINGBINDER_E2E: "1",
      // every spec signs up and in from 127.0.0.1: the per-address limits are raised for
      // the suite; the per-account and per-user limits keep their defaults
      RATE_LIMIT_SIGNIN_ADDRESS: "100000/900",
      RATE_LIMIT_SIGNUP_ADDRESS: "100000/3600",
    },
  },
});

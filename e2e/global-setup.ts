import { rmSync } from "node:fs";
import { DIST_DIR, MAIL_DIR, prepareApp, SERVER_ENV } from "./server";

/**
 * Runs once before the workers start their servers (e2e/server.ts): builds the
 * app into NEXT_DIST_DIR when the build there is not of the current sources
 * (scripts/prepare-app.ts, on a throwaway SQLite database), so that every
 * worker's `next start` serves one build and none builds again.
 */
export default function globalSetup() {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  for (const f of [".tmp/e2e-build.db", ".tmp/e2e-build.db-wal", ".tmp/e2e-build.db-shm"]) rmSync(f, { force: true });
  prepareApp({ ...SERVER_ENV, NEXT_DIST_DIR: DIST_DIR, DATABASE_URL: "file:./.tmp/e2e-build.db" }, { build: true });
}

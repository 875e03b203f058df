import type { FullConfig } from "@playwright/test";
import { postgresDatabaseName, scratchDatabase } from "./server";

/**
 * Drops the PostgreSQL scratch databases of this run. Each worker drops its own
 * when it stops; this catches the database of a worker that was killed.
 */
export default function globalTeardown(config: FullConfig) {
  const base = process.env.TEST_POSTGRES_URL;
  if (!base) return;
  for (let i = 0; i < config.workers; i++) {
    try {
      scratchDatabase("drop", base, postgresDatabaseName(i));
    } catch (e) {
      console.error(e instanceof Error ? e.message : e);
    }
  }
}

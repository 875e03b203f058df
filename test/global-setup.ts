/**
 * Vitest global setup, once per project before its files run: the migrated
 * template database that createTestDatabase (test/db.ts) copies for each test
 * file, so no file runs the migration history itself.
 *
 * - SQLite ("sqlite" project): a file under .tmp/vitest with every migration
 *   applied; each test file gets a copy of it.
 * - PostgreSQL ("postgres" project): a database `rb_<run>_template`; each test
 *   file gets `CREATE DATABASE … TEMPLATE` of it. Each file's database is left
 *   to the teardown, which drops every database of the run side by side
 *   (DROP DATABASE waits for a checkpoint: one at a time, per file, that is a
 *   second or more each).
 *
 * What it makes is named through the environment (RB_TEST_SQLITE_TEMPLATE,
 * RB_TEST_PG_RUN), which the test workers inherit. Without it (a script that
 * uses test/db.ts, e.g. scripts/bench-referee.ts) each database is migrated
 * and dropped on its own, as before.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateSqliteFile } from "@/test/db";
import { createPostgresTemplate, dropPostgresRun } from "@/test/postgres";

const root = path.resolve(__dirname, "..");

export default function setup(project: TestProject): () => void {
  if (project.config.env?.TEST_DATABASE_PROVIDER === "postgresql") {
    const run = `t${randomBytes(4).toString("hex")}`;
    createPostgresTemplate(run);
    process.env.RB_TEST_PG_RUN = run;
    return () => dropPostgresRun(run);
  }
  const dir = path.join(root, ".tmp", "vitest");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `template-${process.pid}-${randomBytes(4).toString("hex")}.db`);
  migrateSqliteFile(file);
  process.env.RB_TEST_SQLITE_TEMPLATE = file;
  return () => rmSync(file, { force: true });
}

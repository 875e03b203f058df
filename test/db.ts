import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { createPrismaClient, type PrismaClient } from "@/lib/server/db/db-client";
import { migrationNames, MIGRATION_DIRS } from "@/scripts/lib/db-schema";
import type { DatabaseProvider } from "@/lib/server/db/database-url";
import { createScratchPostgresSync } from "@/test/postgres";

const root = path.resolve(__dirname, "..");

/**
 * The database the current test run uses: SQLite, or PostgreSQL in the Vitest
 * project "postgres" (which runs when TEST_POSTGRES_URL is set; vitest.config.ts).
 */
export function testDatabaseProvider(): DatabaseProvider {
  return process.env.TEST_DATABASE_PROVIDER === "postgresql" ? "postgresql" : "sqlite";
}

export type TestDatabase = { prisma: PrismaClient; url: string; provider: DatabaseProvider; cleanup: () => Promise<void> };

/** Applies every committed SQLite migration to a new database file (WAL mode, which the file keeps). */
export function migrateSqliteFile(file: string): void {
  const conn = new Database(file);
  try {
    conn.pragma("journal_mode = WAL");
    for (const m of migrationNames("sqlite")) conn.exec(readFileSync(path.join(root, MIGRATION_DIRS.sqlite, m, "migration.sql"), "utf8"));
  } finally {
    conn.close();
  }
}

/**
 * Usage in a DAL or action test (the DAL's `db` then points at the throwaway database):
 *
 *   const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("my-test"));
 *   vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));
 *
 * It does not import "@/lib/server/db/db" itself, so mocking that module is safe.
 *
 * Creates a throwaway database with every committed migration applied, and a
 * Prisma client on it: a SQLite file under .tmp/ by default, or a uniquely
 * named PostgreSQL database when the test runs in the "postgres" project.
 * Every test file that uses this helper runs on both. Under Vitest the
 * database is a copy of the run's migrated template (test/global-setup.ts);
 * elsewhere the migrations are applied to it here.
 */
export function createTestDatabase(name = "test"): TestDatabase {
  if (testDatabaseProvider() === "postgresql") {
    const scratch = createScratchPostgresSync(name);
    const prisma = createPrismaClient(scratch.url);
    return {
      prisma,
      url: scratch.url,
      provider: "postgresql",
      cleanup: async () => {
        await prisma.$disconnect();
        await scratch.drop();
      },
    };
  }
  const dir = path.join(root, ".tmp", "vitest");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.db`);
  const template = process.env.RB_TEST_SQLITE_TEMPLATE;
  if (template && existsSync(template)) copyFileSync(template, file);
  else migrateSqliteFile(file);
  const url = `file:${file}`;
  const prisma = createPrismaClient(url);
  return {
    prisma,
    url,
    provider: "sqlite",
    cleanup: async () => {
      await prisma.$disconnect();
      for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    },
  };
}

import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@/lib/generated/prisma/client";

const root = path.resolve(__dirname, "..");

/**
 * Usage in a DAL or action test (the DAL's `db` then points at the throwaway database):
 *
 *   const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("my-test"));
 *   vi.mock("@/lib/db", () => ({ db: t.prisma }));
 *
 * It does not import "@/lib/db" itself, so mocking that module is safe.
 *
 * Creates a throwaway SQLite database with every committed migration applied,
 * and a Prisma client on it. Each call gets its own file under .tmp/.
 */
export function createTestDatabase(name = "test"): { prisma: PrismaClient; url: string; cleanup: () => Promise<void> } {
  const dir = path.join(root, ".tmp", "vitest");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.db`);
  const conn = new Database(file);
  conn.pragma("journal_mode = WAL");
  const migrations = path.join(root, "prisma", "migrations");
  for (const m of readdirSync(migrations).filter((d) => /^\d+_/.test(d)).sort()) {
    conn.exec(readFileSync(path.join(migrations, m, "migration.sql"), "utf8"));
  }
  conn.close();
  const url = `file:${file}`;
  const prisma = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: file, timeout: 5_000 }) });
  return {
    prisma,
    url,
    cleanup: async () => {
      await prisma.$disconnect();
      for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    },
  };
}

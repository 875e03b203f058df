import "server-only";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { databaseFile } from "@/lib/database-url";

/** Milliseconds a writer waits for SQLite's lock before giving up (busy timeout). */
const BUSY_TIMEOUT_MS = 5_000;

/** Builds a Prisma client on the better-sqlite3 driver adapter for a SQLite file URL. */
export function createPrismaClient(url?: string): PrismaClient {
  const adapter = new PrismaBetterSQLite3({ url: databaseFile(url), timeout: BUSY_TIMEOUT_MS });
  return new PrismaClient({ adapter });
}

const globalForPrisma = globalThis as unknown as { ringbinderPrisma?: PrismaClient };

/** The one Prisma client of the server process (reused across hot reloads in development). */
export const db: PrismaClient = globalForPrisma.ringbinderPrisma ?? createPrismaClient();

if (process.env.NODE_ENV !== "production") globalForPrisma.ringbinderPrisma = db;

/** The SQL dialect raw queries are built for: PostgreSQL for a postgres:// DATABASE_URL, SQLite otherwise. */
export function dbDialect(): "sqlite" | "postgresql" {
  return /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "") ? "postgresql" : "sqlite";
}

export type { PrismaClient };

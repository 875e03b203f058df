import "server-only";
import { createPrismaClient, type PrismaClient } from "@/lib/server/db/db-client";
import { databaseProvider, type DatabaseProvider } from "@/lib/server/db/database-url";

export { createPrismaClient };

const globalForPrisma = globalThis as unknown as { ringbinderPrisma?: PrismaClient };

/**
 * The one Prisma client of the server process (reused across hot reloads in
 * development), on SQLite or PostgreSQL as DATABASE_URL says.
 */
export const db: PrismaClient = globalForPrisma.ringbinderPrisma ?? createPrismaClient();

if (process.env.NODE_ENV !== "production") globalForPrisma.ringbinderPrisma = db;

/** The SQL dialect raw queries are built for: PostgreSQL for a postgres:// DATABASE_URL, SQLite otherwise. */
export function dbDialect(): DatabaseProvider {
  return databaseProvider();
}

export type { PrismaClient };

import "server-only";
import { createPrismaClient, type PrismaClient } from "@/lib/db-client";

export { createPrismaClient };

const globalForPrisma = globalThis as unknown as { ringbinderPrisma?: PrismaClient };

/**
 * The one Prisma client of the server process (reused across hot reloads in
 * development), on SQLite or PostgreSQL as DATABASE_URL says.
 */
export const db: PrismaClient = globalForPrisma.ringbinderPrisma ?? createPrismaClient();

if (process.env.NODE_ENV !== "production") globalForPrisma.ringbinderPrisma = db;

export type { PrismaClient };

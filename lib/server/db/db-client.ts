import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Prisma } from "@/lib/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "@/lib/generated/prisma-pg/client";
import { concurrentSqliteAdapter, RETRY_DEADLINE_MS } from "@/lib/server/db/sqlite-adapter";
import { databaseFile, databaseProvider, databaseUrl, type DatabaseProvider } from "@/lib/server/db/database-url";
import { hidePendingImports } from "@/lib/catalog/data/pending-imports";

/**
 * Builds a Prisma client for a DATABASE_URL: better-sqlite3 for `file:` URLs
 * (through lib/server/db/sqlite-adapter.ts), node-postgres for `postgresql://` URLs.
 *
 * Prisma 6.19 generates one client per provider (its query compiler is
 * provider-specific), so there are two generated clients from the one data
 * model: lib/generated/prisma (SQLite) and lib/generated/prisma-pg
 * (PostgreSQL). Their model APIs are the same; the rest of the app only ever
 * sees the SQLite client's types, and never knows which one it talks to.
 */
export function createPrismaClient(url = databaseUrl()): PrismaClient {
  return hidePendingImports(createBareClient(url));
}

function createBareClient(url: string): PrismaClient {
  if (databaseProvider(url) === "postgresql") {
    const max = Number(process.env.DATABASE_POOL_MAX) || 10;
    const adapter = new PrismaPg({ connectionString: url, max });
    // Under load a transaction may wait for a pooled connection longer than
    // Prisma's 2 s default, and for row locks (concurrent writes to one row
    // queue up) longer than its 5 s.
    return new PostgresPrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 15_000 } }) as unknown as PrismaClient;
  }
  // Writes that meet a busy database are retried without blocking the event
  // loop (lib/server/db/sqlite-adapter.ts); a transaction may wait that long to start.
  return new PrismaClient({ adapter: concurrentSqliteAdapter(databaseFile(url)), transactionOptions: { maxWait: RETRY_DEADLINE_MS + 2_000 } });
}

export type { PrismaClient };

/** Which database a Prisma client (or a transaction client of it) talks to. */
export function providerOf(client: unknown): DatabaseProvider {
  const active = (client as { _activeProvider?: unknown } | null)?._activeProvider;
  if (active === "postgresql" || active === "sqlite") return active;
  return databaseProvider();
}

/**
 * A substring filter that ignores case on both databases (for user-typed
 * searches on columns without a lower-cased key): SQLite's LIKE already
 * ignores ASCII case, PostgreSQL needs `mode: "insensitive"` (ILIKE), which
 * the SQLite client's types do not know.
 */
export function containsIgnoringCase(client: unknown, value: string): Prisma.StringFilter {
  return providerOf(client) === "postgresql" ? ({ contains: value, mode: "insensitive" } as Prisma.StringFilter) : { contains: value };
}

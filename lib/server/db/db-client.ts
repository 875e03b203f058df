import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Prisma } from "@/lib/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "@/lib/generated/prisma-pg/client";
import { singleWriterSqliteAdapter } from "@/lib/server/db/sqlite-adapter";
import { databaseFile, databaseProvider, databaseUrl, type DatabaseProvider } from "@/lib/server/db/database-url";

/**
 * Builds a Prisma client for a DATABASE_URL: better-sqlite3 for `file:` URLs
 * (through lib/server/db/sqlite-adapter.ts: one writer, on a worker thread), node-postgres for `postgresql://` URLs.
 *
 * Prisma 6.19 generates one client per provider (its query compiler is
 * provider-specific), so there are two generated clients from the one data
 * model: lib/generated/prisma (SQLite) and lib/generated/prisma-pg
 * (PostgreSQL). Their model APIs are the same; the rest of the app only ever
 * sees the SQLite client's types, and never knows which one it talks to.
 */
export function createPrismaClient(url = databaseUrl()): PrismaClient {
  const connected: { adapter?: SqlAdapter } = {};
  let client: PrismaClient;
  if (databaseProvider(url) === "postgresql") {
    const max = Number(process.env.DATABASE_POOL_MAX) || 10;
    const adapter = capturing(new PrismaPg({ connectionString: url, max }), connected);
    // Under load a transaction may wait for a pooled connection longer than
    // Prisma's 2 s default, and for row locks (concurrent writes to one row
    // queue up) longer than its 5 s.
    client = new PostgresPrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 15_000 } }) as unknown as PrismaClient;
  } else {
    // Writes run one at a time on a worker thread's connection (lib/server/db/sqlite-adapter.ts): a transaction may wait for
    // the ones queued before it, a bulk import's among them, longer than Prisma's 2 s default.
    client = new PrismaClient({ adapter: capturing(singleWriterSqliteAdapter(databaseFile(url)), connected), transactionOptions: { maxWait: 10_000 } });
  }
  adapters.set(client, connected);
  return client;
}

/** The driver adapter a client talks through, once connected: what lib/server/db/plain-sql.ts runs plain SQL on. */
export type SqlAdapter = Awaited<ReturnType<ReturnType<typeof singleWriterSqliteAdapter>["connect"]>>;
export type SqlQuery = Parameters<SqlAdapter["queryRaw"]>[0];

const adapters = new WeakMap<object, { adapter?: SqlAdapter }>();

/** An adapter factory that keeps the adapter it connected (Prisma connects once per client, on its first query or $connect). */
function capturing<F extends { connect(): Promise<unknown> }>(factory: F, into: { adapter?: SqlAdapter }): F {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    into.adapter = adapter as SqlAdapter;
    return adapter;
  };
  return factory;
}

/** The connected driver adapter of a client made by createPrismaClient (connecting it first when it has not run a query yet). */
export async function connectedAdapter(client: PrismaClient): Promise<SqlAdapter> {
  const held = adapters.get(client);
  if (!held) throw new Error("Not a client made by createPrismaClient.");
  if (!held.adapter) await client.$connect();
  if (!held.adapter) throw new Error("The Prisma client connected without its driver adapter.");
  return held.adapter;
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

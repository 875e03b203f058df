import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db/db";
import { connectedAdapter, type SqlAdapter, type SqlQuery } from "@/lib/server/db/db-client";

/**
 * Plain SQL on the hot paths (a game action, the session check, the deck
 * editor), straight to the driver adapter the one Prisma client is connected
 * through (lib/server/db/db-client.ts): the same connections (on SQLite, SELECTs
 * on the event loop's read connection and everything else on the one writer
 * thread, in turn with Prisma's own writes and transactions), the same
 * argument conversions (the adapter's), but without Prisma's request
 * pipeline, which compiles every query, a raw one too, into a plan in its
 * WebAssembly query compiler and interprets it (bench:play: about a fifth of
 * the server's CPU per action).
 *
 * Queries are Prisma.sql templates (so values are always bound, never spliced).
 * Rows come back as the adapter returns them: integers may be strings
 * (SQLite's 64-bit integers) and dates are strings: convert with Number() and
 * new Date(). Everything else (model queries, the rare writes) stays on Prisma.
 */

type Row = Record<string, unknown>;

function argTypeOf(v: unknown): SqlQuery["argTypes"][number] {
  const scalarType =
    v instanceof Date ? "datetime" : typeof v === "bigint" ? "bigint" : typeof v === "number" ? (Number.isInteger(v) ? "int" : "float") : typeof v === "boolean" ? "boolean" : typeof v === "string" ? "string" : "unknown";
  return { scalarType, arity: "scalar" };
}

/** A Prisma.sql template as the adapter takes it: `?` placeholders on SQLite, `$1…` on PostgreSQL. */
function toQuery(q: Prisma.Sql, adapter: { provider: string }): SqlQuery {
  for (const v of q.values) if (v !== null && typeof v === "object" && !(v instanceof Date)) throw new Error("plain SQL takes strings, numbers, booleans, dates and null only");
  return { sql: adapter.provider === "sqlite" ? q.sql : q.text, args: q.values, argTypes: q.values.map(argTypeOf) };
}

function rowsOf(r: Awaited<ReturnType<SqlAdapter["queryRaw"]>>): Row[] {
  return r.rows.map((values) => {
    const row: Row = {};
    r.columnNames.forEach((c, i) => (row[c] = values[i]));
    return row;
  });
}

/** The rows of a query. */
export async function plainQuery<T extends Row>(q: Prisma.Sql): Promise<T[]> {
  const adapter = await connectedAdapter(db);
  return rowsOf(await adapter.queryRaw(toQuery(q, adapter))) as T[];
}

/** Runs a statement; returns the number of rows it changed. */
export async function plainExecute(q: Prisma.Sql): Promise<number> {
  const adapter = await connectedAdapter(db);
  return adapter.executeRaw(toQuery(q, adapter));
}

interface PlainTx {
  query<T extends Row>(q: Prisma.Sql): Promise<T[]>;
  execute(q: Prisma.Sql): Promise<number>;
}

/**
 * Runs `fn` in one transaction (SQLite: BEGIN IMMEDIATE on the writer, in turn
 * with Prisma's transactions; PostgreSQL: one pooled connection): committed when
 * it returns, rolled back when it throws (the error is rethrown).
 */
async function plainTransaction<T>(fn: (tx: PlainTx) => Promise<T>): Promise<T> {
  const adapter = await connectedAdapter(db);
  const tx = await adapter.startTransaction();
  const api: PlainTx = {
    query: async <R extends Row>(q: Prisma.Sql) => rowsOf(await tx.queryRaw(toQuery(q, adapter))) as R[],
    execute: (q) => tx.executeRaw(toQuery(q, adapter)),
  };
  let result: T;
  try {
    result = await fn(api);
  } catch (e) {
    try {
      await tx.executeRaw({ sql: "ROLLBACK", args: [], argTypes: [] });
    } finally {
      await tx.rollback();
    }
    throw e;
  }
  try {
    await tx.executeRaw({ sql: "COMMIT", args: [], argTypes: [] });
  } catch (e) {
    await tx.executeRaw({ sql: "ROLLBACK", args: [], argTypes: [] }).catch(() => undefined);
    await tx.rollback();
    throw e;
  }
  await tx.commit();
  return result;
}

/**
 * Statements written as one transaction, all or nothing, guarded by the first:
 * when it changes no row (a conditional UPDATE that lost a race) nothing is
 * written and 0 is returned; otherwise the first's count of changed rows. On
 * SQLite's writer thread the whole transaction is one message to it.
 */
export async function plainGuardedWrite(statements: Prisma.Sql[]): Promise<number> {
  const adapter = await connectedAdapter(db);
  const batch = (adapter as { executeBatch?: (q: SqlQuery[]) => Promise<number> }).executeBatch;
  if (batch) return batch.call(adapter, statements.map((q) => toQuery(q, adapter)));
  return plainTransaction(async (tx) => {
    const first = await tx.execute(statements[0]);
    if (first === 0) throw new Unchanged();
    for (const q of statements.slice(1)) await tx.execute(q);
    return first;
  }).catch((e: unknown) => {
    if (e instanceof Unchanged) return 0;
    throw e;
  });
}

class Unchanged extends Error {}

/** Whether an error (Prisma's or a driver adapter's) is a unique key refusing a duplicate. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { kind?: string } } | null;
  return err?.code === "P2002" || err?.cause?.kind === "UniqueConstraintViolation";
}

/** A date column as either database returns it: ISO text (a zone-less one is UTC, as SQLite's CURRENT_TIMESTAMP writes it), or milliseconds. */
export function plainDate(v: unknown): Date {
  if (v instanceof Date) return v;
  if (typeof v === "number" || typeof v === "bigint") return new Date(Number(v));
  const s = String(v);
  if (/^\d+$/.test(s)) return new Date(Number(s));
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s.replace(" ", "T")}Z`);
}

import "server-only";
import { db } from "@/lib/server/db/db";
import { providerOf } from "@/lib/server/db/db-client";
import { DomainError } from "@/lib/server/errors";
import { requireActor, type Actor } from "@/lib/server/actor";
import { AuthError } from "@/lib/server/errors";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The machinery of bulk writes that never hold the server (catalog and
 * collection imports; docs/catalog-import.md explains the design):
 *
 * - rows are staged in small chunks into the Import*Stage tables, each chunk
 *   its own short write, yielding to the event loop between chunks;
 * - everything that can be checked is checked before the write transaction
 *   (reads only);
 * - ONE write transaction then copies the staged rows into the live tables
 *   with set-based statements (INSERT … SELECT, UPDATE … FROM) and commits
 *   once: all or nothing, under a crash or kill -9 too. Its statements never
 *   run on the event loop: on PostgreSQL they run on the server, on SQLite
 *   on the writer thread that owns the write connection
 *   (lib/server/db/sqlite-adapter.ts), while readers go on reading the last committed
 *   state; other writers wait for it (on SQLite; on PostgreSQL only writers
 *   of the same rows do);
 * - its timeout is real: past it the transaction rolls back, nothing is
 *   written, and the import says so;
 * - the staged rows are deleted in ranges afterwards. A job a crash or kill -9
 *   left behind changed nothing outside the staging tables; the next import
 *   clears it once it is ABANDONED_AFTER_MS old.
 *
 * With BULK_TIMINGS=1 each apply logs how long its write transaction lasted
 * (on SQLite: held the write lock); `npm run bench:http` prints these.
 */

/** Rows per staging write. */
export const STAGE_CHUNK = 200;
/** Staged rows per range of the apply: the progress bar moves once per range (the statements of a range are set-based). */
const APPLY_RANGE = 5000;
/** Staged rows of an import that never finished are cleared after this long. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** Lets the event loop run whatever is waiting (timers and I/O too, not just microtasks). */
export function yieldToEventLoop(ms = 0): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** An import that ran past its transaction timeout: rolled back, nothing was written. */
export class ImportTimeoutError extends DomainError {
  constructor(seconds: number) {
    super("import/timeout", `The import did not finish within ${seconds} seconds and was rolled back: nothing was written. Try again when the server is less busy, or split the file.`, { status: 503 });
    this.name = "ImportTimeoutError";
  }
}

/**
 * An import job of its actor: minted only by `startImportJob` (after
 * `requireActor(actor)`), so the steps that act on a job's staged rows
 * (`applyInOneTransaction`, `dropImportJob`) act for whoever started it and
 * nobody else. A caller cannot make one up: an object not minted here is refused.
 */
export type ImportJob = { readonly id: string; readonly userId: string };
const minted = new WeakSet<ImportJob>();

function assertMinted(job: ImportJob): void {
  if (!minted.has(job)) throw new AuthError("auth/forbidden", "That import job was not started by this session.");
}

/** Creates the job staged rows hang off, for the session's user (and clears the leftovers of imports that died long ago). */
export async function startImportJob(actor: Actor, kind: "catalog" | "collection", total: number): Promise<ImportJob> {
  const me = requireActor(actor);
  await clearAbandonedImports();
  const row = await db.importJob.create({ data: { kind, userId: me.id, total }, select: { id: true } });
  const job: ImportJob = Object.freeze({ id: row.id, userId: me.id });
  minted.add(job);
  return job;
}

/** Writes `items` in chunks of STAGE_CHUNK, one short write each, yielding between chunks. */
export async function stageInChunks<T>(items: readonly T[], write: (chunk: T[], offset: number) => Promise<void>, onChunk: (done: number) => void): Promise<void> {
  for (let i = 0; i < items.length; i += STAGE_CHUNK) {
    await write(items.slice(i, i + STAGE_CHUNK), i);
    onChunk(Math.min(i + STAGE_CHUNK, items.length));
    await yieldToEventLoop();
  }
}

const STAGING_TABLES = { catalog: Prisma.sql`"ImportCardStage", "ImportTraitStage"`, collection: Prisma.sql`"ImportCollectionStage"` } as const;

/**
 * PostgreSQL: refreshes the planner's statistics of the staging tables once a
 * job is staged. Rows appear there by the thousand and go again minutes later,
 * faster than autovacuum looks: without this the planner took 20,000 staged
 * rows for 2 and joined them row by row, so an import updating 20,000 cards
 * spent 10-20 s in one statement of its apply instead of well under one.
 * (SQLite plans these joins by their indexes alone.)
 */
export async function analyzeStaged(kind: keyof typeof STAGING_TABLES): Promise<void> {
  if (providerOf(db) === "postgresql") await db.$executeRaw(Prisma.sql`ANALYZE ${STAGING_TABLES[kind]}`);
}

type Tx = Prisma.TransactionClient;
export type ApplyRange = (tx: Tx, from: number, to: number) => Promise<void>;

/** How long an apply's write transaction lasted (on SQLite: held the write lock), its longest range and the steps after the ranges (`finishMs`). */
export type ApplyTimings = { kind: string; rows: number; transactionMs: number; longestRangeMs: number; ranges: number; finishMs: number };

function logTimings(t: ApplyTimings) {
  if (process.env.BULK_TIMINGS === "1") console.info(`[bulk-timings] ${JSON.stringify(t)}`);
}

/**
 * Runs `prepare`, then `range` over seq [0, total) in ranges of APPLY_RANGE
 * rows, then `finish`, inside ONE write transaction that starts when
 * everything before it is ready and ends as soon as its statements are done.
 * Marks the job applied in the same transaction. Throws ImportTimeoutError,
 * with everything rolled back, once `timeoutMs` has passed: the deadline is
 * checked before each step, and Prisma's transaction timer (a second later)
 * is the backstop.
 */
export async function applyInOneTransaction(
  job: ImportJob,
  total: number,
  opts: { kind: string; timeoutMs: number; prepare?: (tx: Tx) => Promise<void>; range: ApplyRange; finish?: (tx: Tx) => Promise<void>; onRange?: (done: number) => void },
): Promise<ApplyTimings> {
  assertMinted(job);
  const seconds = Math.max(1, Math.round(opts.timeoutMs / 1000));
  const timings: ApplyTimings = { kind: opts.kind, rows: total, transactionMs: 0, longestRangeMs: 0, ranges: 0, finishMs: 0 };
  let deadline = Infinity;
  let began = 0;
  const check = () => {
    if (performance.now() > deadline) throw new ImportTimeoutError(seconds);
  };
  try {
    await db.$transaction(
      async (tx) => {
        began = performance.now();
        deadline = began + opts.timeoutMs;
        check();
        await opts.prepare?.(tx);
        for (let from = 0; from < total; ) {
          check();
          const to = Math.min(from + APPLY_RANGE, total);
          const started = performance.now();
          await opts.range(tx, from, to);
          timings.ranges++;
          timings.longestRangeMs = Math.max(timings.longestRangeMs, performance.now() - started);
          from = to;
          opts.onRange?.(from);
        }
        check();
        const finishing = performance.now();
        await opts.finish?.(tx);
        timings.finishMs = Math.round(performance.now() - finishing);
        check();
        await tx.importJob.update({ where: { id: job.id, userId: job.userId }, data: { status: "applied" } });
      },
      // Prisma's own timer is the backstop (it rolls the transaction back even if a statement overran the deadline),
      // set a little later than our deadline: when it fires first, a statement the callback issues afterwards may run
      // outside the transaction (seen on PostgreSQL with a 1 ms limit), so the deadline must throw first.
      { timeout: opts.timeoutMs + 1_000, maxWait: 10_000 },
    );
  } catch (e) {
    if (e instanceof DomainError) throw e;
    // Prisma's "transaction already closed / expired" after its timer fired
    if ((e as { code?: string }).code === "P2028" || (began && performance.now() > deadline)) throw new ImportTimeoutError(seconds);
    throw e;
  }
  timings.transactionMs = Math.round(performance.now() - began);
  timings.longestRangeMs = Math.round(timings.longestRangeMs);
  logTimings(timings);
  return timings;
}

const STAGE_TABLES = ["importCardStage", "importTraitStage", "importCollectionStage"] as const;

/** Deletes a job's staged rows a range at a time (each a short write), then the job. */
export async function dropImportJob(job: ImportJob): Promise<void> {
  assertMinted(job);
  await dropJob(job.id);
}

async function dropJob(jobId: string): Promise<void> {
  for (const table of STAGE_TABLES) {
    const delegate = db[table] as unknown as { deleteMany(args: { where: { jobId: string; seq?: { lt: number } } }): Promise<{ count: number }>; aggregate(args: object): Promise<{ _max: { seq: number | null } }> };
    const { _max } = await delegate.aggregate({ where: { jobId }, _max: { seq: true } });
    const last = _max.seq ?? -1;
    for (let edge = 500; edge <= last; edge += 500) {
      await delegate.deleteMany({ where: { jobId, seq: { lt: edge } } });
      await yieldToEventLoop();
    }
    await delegate.deleteMany({ where: { jobId } });
  }
  await db.importJob.deleteMany({ where: { id: jobId } });
}

/**
 * Cleans up after imports that stopped (a crash, a kill): the staged rows of
 * jobs ABANDONED_AFTER_MS old are cleared (they never touched anything else:
 * a job's apply is one transaction, rolled back by the database if its
 * process died). Returns how many jobs it cleared.
 */
export async function clearAbandonedImports(now = new Date()): Promise<number> {
  const old = await db.importJob.findMany({ where: { createdAt: { lt: new Date(now.getTime() - ABANDONED_AFTER_MS) } }, select: { id: true }, take: 100 });
  for (const j of old) await dropJob(j.id);
  return old.length;
}

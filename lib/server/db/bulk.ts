import "server-only";
import { db } from "@/lib/server/db/db";
import { providerOf } from "@/lib/server/db/db-client";
import { DomainError } from "@/lib/server/errors";
import { AuthError, requireUser } from "@/lib/server/session";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The machinery of bulk writes that never hold the server (catalog and
 * collection imports; docs/catalog-import.md explains the design):
 *
 * - rows are staged in small chunks into the Import*Stage tables, each chunk
 *   its own short write, yielding to the event loop between chunks;
 * - everything that can be checked is checked before the write transaction
 *   (reads only);
 * - ONE short write transaction then copies the staged rows into the live
 *   tables with set-based statements (INSERT … SELECT, UPDATE … FROM), in a
 *   few large ranges of the staged rows, yielding to the event loop between
 *   ranges (no sleeps: on SQLite the transaction holds the database's one
 *   write lock, so it must end as soon as its work is done); it commits once
 *   (all or nothing);
 * - its timeout is real: past it the transaction rolls back, nothing is
 *   written, and the import says so;
 * - the staged rows are deleted in ranges afterwards. A job a crash or kill -9
 *   left behind changed nothing outside the staging tables; the next import
 *   clears it once it is ABANDONED_AFTER_MS old.
 *
 * With BULK_TIMINGS=1 each apply logs how long its write transaction held the
 * database (on SQLite: the write lock) and its longest range (the longest the
 * event loop was held on SQLite); `npm run bench:http` prints these.
 */

/** Rows per staging write. */
export const STAGE_CHUNK = 200;
/** What one apply range should take at most: on SQLite the event loop is held that long (better-sqlite3 is synchronous). */
const RANGE_TARGET_MS = 40;
/** The first range's size; later ranges grow while they are quick and shrink when one is slow. */
const FIRST_RANGE = 2000;
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
 * An import job of the session's user: minted only by `startImportJob` (after
 * `requireUser()`), so the steps that act on a job's staged rows
 * (`applyInOneTransaction`, `dropImportJob`) act for whoever started it and
 * nobody else. A caller cannot make one up: an object not minted here is refused.
 */
export type ImportJob = { readonly id: string; readonly userId: string };
const minted = new WeakSet<ImportJob>();

function assertMinted(job: ImportJob): void {
  if (!minted.has(job)) throw new AuthError("auth/forbidden", "That import job was not started by this session.");
}

/** Creates the job staged rows hang off, for the session's user (and clears the leftovers of imports that died long ago). */
export async function startImportJob(kind: "catalog" | "collection", total: number): Promise<ImportJob> {
  const me = await requireUser();
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

/**
 * How long an apply's write transaction lasted (on SQLite: held the write lock) and its longest range. A chunked
 * apply (applyInChunks) runs several: `transactionMs` is then the longest of them, `transactions` how many,
 * `publishMs` the last one's and `totalMs` the whole apply's.
 */
export type ApplyTimings = { kind: string; rows: number; transactionMs: number; longestRangeMs: number; ranges: number; transactions?: number; publishMs?: number; totalMs?: number };

function logTimings(t: ApplyTimings) {
  if (process.env.BULK_TIMINGS === "1") console.info(`[bulk-timings] ${JSON.stringify(t)}`);
}

/**
 * Runs `prepare`, then `range` over seq [0, total), then `finish`, inside ONE
 * write transaction that starts when everything before it is ready and ends
 * as soon as its statements are done: no pauses, only a yield to the event
 * loop between ranges. Ranges are sized so that one takes at most about
 * RANGE_TARGET_MS (the size adapts to the machine: it starts at FIRST_RANGE,
 * doubles while ranges are quick and halves when one is slow). Marks the job
 * applied in the same transaction. Throws ImportTimeoutError, with everything
 * rolled back, once `timeoutMs` has passed: the deadline is checked before
 * each step, and Prisma's transaction timer (a second later) is the backstop.
 *
 * On PostgreSQL the statements run on the server while the event loop is
 * free (the driver is asynchronous), so there is one range: each statement
 * covers the whole job, and the transaction is as short as it can be.
 */
export async function applyInOneTransaction(
  job: ImportJob,
  total: number,
  opts: { kind: string; timeoutMs: number; prepare?: (tx: Tx) => Promise<void>; range: ApplyRange; finish?: (tx: Tx) => Promise<void>; onRange?: (done: number) => void },
): Promise<ApplyTimings> {
  assertMinted(job);
  const seconds = Math.max(1, Math.round(opts.timeoutMs / 1000));
  const timings: ApplyTimings = { kind: opts.kind, rows: total, transactionMs: 0, longestRangeMs: 0, ranges: 0 };
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
        const adaptive = providerOf(db) !== "postgresql";
        let size = adaptive ? FIRST_RANGE : Math.max(total, 1);
        for (let from = 0; from < total; ) {
          check();
          const to = Math.min(from + size, total);
          const started = performance.now();
          await opts.range(tx, from, to);
          const took = performance.now() - started;
          timings.ranges++;
          timings.longestRangeMs = Math.max(timings.longestRangeMs, took);
          if (adaptive && took < RANGE_TARGET_MS / 2) size = Math.min(size * 2, 20_000);
          else if (adaptive && took > RANGE_TARGET_MS) size = Math.max(Math.floor((size * RANGE_TARGET_MS) / took), 100);
          from = to;
          opts.onRange?.(from);
          if (from < total) await yieldToEventLoop();
        }
        check();
        await opts.finish?.(tx);
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

/** What one chunk transaction of applyInChunks should hold SQLite's write lock for, at most (its commit included). */
const CHUNK_TARGET_MS = 40;
/** A chunked apply's first chunk (rows); later chunks grow while they are quick and shrink when one is slow. */
const FIRST_CHUNK = 1000;
/** A job being applied in chunks counts as abandoned once its lease has passed; every chunk renews it. */
export const APPLY_LEASE_MS = 30_000;

/** A chunked apply found its job taken over: another process rolled it back as abandoned (its lease had passed). */
export class ImportAbandonedError extends DomainError {
  constructor() {
    super("import/abandoned", "The import stalled for too long and was rolled back: nothing was written. Try again when the server is less busy.", { status: 503 });
    this.name = "ImportAbandonedError";
  }
}

export type ChunkedApply = {
  kind: string;
  timeoutMs: number;
  /** The first short transaction: checks (may throw to refuse, nothing written) and small preparations. */
  begin: (tx: Tx) => Promise<void>;
  /** Rows [from, to) of the job. `hidden`: write new cards hidden from every read (a PendingCard row each), to be published later. */
  chunk: (tx: Tx, from: number, to: number, hidden: boolean) => Promise<void>;
  /** The last short transaction: whatever must change in place, and the hidden rows made visible, all at once. */
  publish: (tx: Tx) => Promise<void>;
  onRange?: (done: number) => void;
};

/**
 * A catalog import's apply in several short write transactions that read as
 * one (docs/catalog-import.md):
 *
 * 1. `begin`, in a short transaction that also marks the job "applying" with
 *    a lease;
 * 2. the new rows, `chunk` by `chunk`, each its own short transaction (sized
 *    to hold the write lock about CHUNK_TARGET_MS, adapting to the machine),
 *    written HIDDEN: readers never see a card that has a PendingCard row
 *    (lib/catalog/data/pending-imports.ts); each renews the lease;
 * 3. `publish`, one short transaction that marks the job applied, makes the
 *    in-place changes and deletes the job's PendingCard rows: the import
 *    becomes visible at once, or (rolled back) not at all.
 *
 * Anything that fails after step 1 (an error, the timeout, a conflict found
 * at the publish) deletes the hidden rows again, in short transactions, and
 * rethrows. A process killed meanwhile leaves hidden rows and an "applying"
 * job whose lease runs out: the next import (clearAbandonedImports) rolls it
 * back. Either way readers saw the catalog as before.
 *
 * On PostgreSQL writers do not wait for each other, so steps 1-3 run in ONE
 * transaction and nothing is ever hidden (the statements run on the server
 * while the event loop is free).
 */
export async function applyInChunks(job: ImportJob, total: number, opts: ChunkedApply): Promise<ApplyTimings> {
  assertMinted(job);
  if (providerOf(db) === "postgresql") return applyInOneTransaction(job, total, { kind: opts.kind, timeoutMs: opts.timeoutMs, prepare: opts.begin, range: (tx, from, to) => opts.chunk(tx, from, to, false), finish: opts.publish, onRange: opts.onRange });
  const seconds = Math.max(1, Math.round(opts.timeoutMs / 1000));
  const started = performance.now();
  const deadline = started + opts.timeoutMs;
  const timings: ApplyTimings = { kind: opts.kind, rows: total, transactionMs: 0, longestRangeMs: 0, ranges: 0, transactions: 0, publishMs: 0, totalMs: 0 };
  const where = { id: job.id, userId: job.userId };
  const lease = () => new Date(Date.now() + APPLY_LEASE_MS);

  /** One short write transaction, timed from its first statement to its commit; past the deadline it is not started. */
  async function short(step: (tx: Tx) => Promise<void>): Promise<number> {
    if (performance.now() > deadline) throw new ImportTimeoutError(seconds);
    let began = 0;
    try {
      await db.$transaction(
        async (tx) => {
          began = performance.now();
          await step(tx);
        },
        { timeout: Math.max(1_000, deadline - performance.now() + 1_000), maxWait: 10_000 },
      );
    } catch (e) {
      if ((e as { code?: string }).code === "P2028") throw new ImportTimeoutError(seconds);
      throw e;
    }
    const held = performance.now() - began;
    timings.transactions!++;
    timings.transactionMs = Math.max(timings.transactionMs, held);
    return held;
  }
  /** Inside a chunk or the publish: the job must still be ours (not rolled back as abandoned meanwhile). */
  async function stillApplying(tx: Tx, data: { leaseUntil: Date | null; status?: string }) {
    const { count } = await tx.importJob.updateMany({ where: { ...where, status: "applying" }, data });
    if (count !== 1) throw new ImportAbandonedError();
  }

  await short(async (tx) => {
    await opts.begin(tx);
    const { count } = await tx.importJob.updateMany({ where: { ...where, status: "staging" }, data: { status: "applying", leaseUntil: lease() } });
    if (count !== 1) throw new ImportAbandonedError();
  });
  try {
    let size = FIRST_CHUNK;
    for (let from = 0; from < total; ) {
      const to = Math.min(from + size, total);
      const held = await short(async (tx) => {
        await stillApplying(tx, { leaseUntil: lease() });
        await opts.chunk(tx, from, to, true);
      });
      timings.ranges++;
      timings.longestRangeMs = Math.max(timings.longestRangeMs, held);
      if (held < CHUNK_TARGET_MS / 2) size = Math.min(size * 2, 8_000);
      else if (held > CHUNK_TARGET_MS) size = Math.max(Math.floor((size * CHUNK_TARGET_MS) / held), 100);
      from = to;
      opts.onRange?.(from);
      await yieldToEventLoop();
    }
    timings.publishMs = Math.round(
      await short(async (tx) => {
        await stillApplying(tx, { leaseUntil: null, status: "applied" });
        await opts.publish(tx);
      }),
    );
  } catch (e) {
    // nothing was published: take the hidden rows out again (unless another process is already doing it)
    const { count } = await db.importJob.updateMany({ where: { ...where, status: "applying" }, data: { status: "rolling-back", leaseUntil: lease() } });
    if (count === 1) await rollBackHiddenRows(job.id);
    throw e;
  }
  timings.totalMs = Math.round(performance.now() - started);
  timings.transactionMs = Math.round(timings.transactionMs);
  timings.longestRangeMs = Math.round(timings.longestRangeMs);
  logTimings(timings);
  return timings;
}

/** Rows of hidden cards removed per short transaction when an apply is rolled back. */
const ROLLBACK_BATCH = 500;

/**
 * Deletes the hidden rows a chunked apply wrote: the audit rows of the cards
 * it updates, then the new cards (their audit rows and traits with them), a
 * batch per short transaction: they were never visible, so
 * removing them in several steps changes nothing anyone sees. Then the sets the
 * import created, if they hold no card.
 */
async function rollBackHiddenRows(jobId: string): Promise<void> {
  // the audit rows it wrote for the cards it updates (their PendingAudit rows go with them: ON DELETE CASCADE)
  const audits = Prisma.sql`SELECT "auditId" FROM "PendingAudit" WHERE "jobId" = ${jobId} ORDER BY "auditId" LIMIT ${ROLLBACK_BATCH}`;
  while ((await db.$executeRaw(Prisma.sql`DELETE FROM "CardAudit" WHERE "id" IN (${audits})`)) > 0) await yieldToEventLoop();
  const batch = Prisma.sql`SELECT "cardId" FROM "PendingCard" WHERE "jobId" = ${jobId} ORDER BY "cardId" LIMIT ${ROLLBACK_BATCH}`;
  for (;;) {
    const removed = await db.$transaction(async (tx) => {
      await tx.$executeRaw(Prisma.sql`DELETE FROM "CardAudit" WHERE "cardId" IN (${batch})`);
      await tx.$executeRaw(Prisma.sql`DELETE FROM "CardTrait" WHERE "cardId" IN (${batch})`);
      // their PendingCard rows go with them (ON DELETE CASCADE)
      return tx.$executeRaw(Prisma.sql`DELETE FROM "Card" WHERE "id" IN (${batch})`);
    });
    if (removed === 0) break;
    await yieldToEventLoop();
  }
  const job = await db.importJob.findUnique({ where: { id: jobId }, select: { newSets: true } });
  const codes = job ? (JSON.parse(job.newSets) as string[]) : [];
  if (codes.length) await db.cardSet.deleteMany({ where: { code: { in: codes }, cards: { none: {} } } });
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
 * Cleans up after imports that stopped (a crash, a kill): a chunked apply
 * whose lease has passed is rolled back (its hidden cards deleted: nobody ever
 * saw them) and dropped; the staged rows of other jobs are cleared once they
 * are ABANDONED_AFTER_MS old (they never touched anything else). Returns how
 * many jobs it cleared.
 */
export async function clearAbandonedImports(now = new Date()): Promise<number> {
  const stalled = await db.importJob.findMany({ where: { status: { in: ["applying", "rolling-back"] }, leaseUntil: { lt: now } }, select: { id: true, status: true }, take: 100 });
  let cleared = 0;
  for (const j of stalled) {
    // claim it (one process rolls it back), with a lease of its own in case this process dies too
    const { count } = await db.importJob.updateMany({ where: { id: j.id, status: j.status, leaseUntil: { lt: now } }, data: { status: "rolling-back", leaseUntil: new Date(Date.now() + APPLY_LEASE_MS) } });
    if (count !== 1) continue;
    await rollBackHiddenRows(j.id);
    await dropJob(j.id);
    cleared++;
  }
  const old = await db.importJob.findMany({ where: { createdAt: { lt: new Date(now.getTime() - ABANDONED_AFTER_MS) }, status: { in: ["staging", "applied"] } }, select: { id: true }, take: 100 });
  for (const j of old) await dropJob(j.id);
  return cleared + old.length;
}

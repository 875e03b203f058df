import "server-only";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { AuthError, requireUser } from "@/lib/dal/session";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * The machinery of bulk writes that never hold the server (catalog and
 * collection imports; docs/catalog-import.md explains the design):
 *
 * - rows are staged in small chunks into the Import*Stage tables, each chunk
 *   its own short write, yielding to the event loop between chunks;
 * - one apply transaction then walks the staged rows in ranges, each range a
 *   few set-based statements sized to take about RANGE_TARGET_MS, pausing
 *   between ranges so other requests run; it commits once (all or nothing);
 * - its timeout is real: past it the transaction rolls back, nothing is
 *   written, and the import says so;
 * - the staged rows are deleted in ranges afterwards. A job a crash or kill -9
 *   left behind changed nothing outside the staging tables; the next import
 *   clears it once it is ABANDONED_AFTER_MS old.
 */

/** Rows per staging write. */
export const STAGE_CHUNK = 200;
/** What one apply range should take: the longest the event loop (and, on PostgreSQL, any row lock) is held at a time. */
const RANGE_TARGET_MS = 25;
/** The pause between two apply ranges, in which other requests run. */
const RANGE_PAUSE_MS = 4;
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
 * (`applyInRanges`, `dropImportJob`) act for whoever started it and nobody
 * else. A caller cannot make one up: an object not minted here is refused.
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

type Tx = Prisma.TransactionClient;
export type ApplyRange = (tx: Tx, from: number, to: number) => Promise<void>;

/**
 * Runs `prepare` and then `range` over seq [0, total) inside ONE transaction,
 * in ranges sized to take about RANGE_TARGET_MS (the size adapts to the
 * machine's speed: it starts at 250 rows, doubles while ranges are quick and
 * halves when one is slow), pausing RANGE_PAUSE_MS between ranges. Marks the
 * job applied in the same transaction. Throws ImportTimeoutError, with
 * everything rolled back, once `timeoutMs` has passed.
 */
export async function applyInRanges(
  job: ImportJob,
  total: number,
  opts: { timeoutMs: number; prepare?: (tx: Tx) => Promise<void>; range: ApplyRange; onRange?: (done: number) => void },
): Promise<void> {
  assertMinted(job);
  const deadline = Date.now() + opts.timeoutMs;
  const seconds = Math.round(opts.timeoutMs / 1000);
  try {
    await db.$transaction(
      async (tx) => {
        await opts.prepare?.(tx);
        let size = 250;
        for (let from = 0; from < total; ) {
          if (Date.now() > deadline) throw new ImportTimeoutError(seconds);
          const to = Math.min(from + size, total);
          const started = performance.now();
          await opts.range(tx, from, to);
          const took = performance.now() - started;
          if (took < RANGE_TARGET_MS / 2) size = Math.min(size * 2, 5000);
          else if (took > RANGE_TARGET_MS * 1.5) size = Math.max(Math.floor(size / 2), 25);
          from = to;
          opts.onRange?.(from);
          await yieldToEventLoop(RANGE_PAUSE_MS);
        }
        if (Date.now() > deadline) throw new ImportTimeoutError(seconds);
        await tx.importJob.update({ where: { id: job.id, userId: job.userId }, data: { status: "applied" } });
      },
      // Prisma's own timer is the backstop: it rolls the transaction back even if a statement overran the deadline.
      { timeout: opts.timeoutMs + 1_000, maxWait: 10_000 },
    );
  } catch (e) {
    if (e instanceof DomainError) throw e;
    // Prisma's "transaction already closed / expired" after its timer fired
    if ((e as { code?: string }).code === "P2028" || Date.now() > deadline) throw new ImportTimeoutError(seconds);
    throw e;
  }
}

const STAGE_TABLES = ["importCardStage", "importTraitStage", "importCollectionStage"] as const;

/** Deletes the staged rows of a job this session started, a range at a time (each a short write), then the job. */
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

/** Clears the staged rows of imports that stopped (a crash, a kill) long ago; they never touched anything else. Returns how many. */
export async function clearAbandonedImports(now = new Date()): Promise<number> {
  const old = await db.importJob.findMany({ where: { createdAt: { lt: new Date(now.getTime() - ABANDONED_AFTER_MS) } }, select: { id: true }, take: 100 });
  for (const j of old) await dropJob(j.id);
  return old.length;
}

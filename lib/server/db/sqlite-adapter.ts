import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { startCheckpointer, type Checkpointer } from "@/lib/server/db/sqlite-checkpoint";

/**
 * SQLite under concurrency, for the one server process (and whatever else
 * writes the same file: the CLI tools, a second instance).
 *
 * better-sqlite3 is synchronous: while SQLite's busy handler waits for another
 * connection's write lock, the whole event loop waits with it. So each attempt
 * here waits at most BUSY_TIMEOUT_MS inside SQLite, and a write that still
 * meets a busy database is retried after an asynchronous pause (other requests
 * run meanwhile), with exponential backoff, until RETRY_DEADLINE_MS.
 *
 * - Transactions begin with BEGIN IMMEDIATE: they take the write lock up front,
 *   so two transactions never both read and then deadlock upgrading to write
 *   (the busy-at-COMMIT case a plain BEGIN runs into).
 * - Writes and transactions share one connection, one at a time (an async
 *   lock, never held while waiting for a retry). Prisma's own better-sqlite3
 *   adapter runs queries from outside a transaction on the same connection
 *   while one is open, so they would join it; here they wait for it instead.
 * - Reads outside a transaction (SELECT) go to a second connection: in WAL
 *   mode they see the last committed state and never wait for a writer.
 * - WAL checkpoints run in a worker thread (lib/server/db/sqlite-checkpoint.ts), never
 *   inside a commit on the event loop.
 */

/** How long one attempt may block the event loop waiting for SQLite's lock. */
export const BUSY_TIMEOUT_MS = 25;
/** How long a write or transaction keeps retrying a busy database before it fails. */
export const RETRY_DEADLINE_MS = 8_000;

type Adapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;
type Query = Parameters<Adapter["queryRaw"]>[0];
type IsolationLevel = Parameters<Adapter["startTransaction"]>[0];

/** SQLITE_BUSY (and its extended codes) from better-sqlite3, raw or wrapped by the Prisma adapter. */
export function isBusyError(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { originalCode?: unknown }; message?: unknown } | null;
  const code = e?.cause?.originalCode ?? e?.code;
  if (typeof code === "string" && code.startsWith("SQLITE_BUSY")) return true;
  return typeof e?.message === "string" && /database is locked|SQLITE_BUSY/.test(e.message);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A FIFO async lock. */
class Lock {
  #tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return ready;
  }
}

export type RetryOptions = { deadlineMs?: number; onRetry?: (attempt: number, delayMs: number) => void };

/** Runs `attempt` until it does not fail with SQLITE_BUSY, pausing asynchronously between tries. */
export async function retryWhileBusy<T>(attempt: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const deadline = Date.now() + (opts.deadlineMs ?? RETRY_DEADLINE_MS);
  let delay = 5;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (!isBusyError(err) || Date.now() + delay > deadline) throw err;
      const pause = delay / 2 + Math.random() * delay;
      opts.onRetry?.(n, pause);
      await sleep(pause);
      delay = Math.min(delay * 2, 200);
    }
  }
}

/** Statements that only read and may run on the read connection. */
function isRead(sql: string): boolean {
  return /^\s*SELECT\b/i.test(sql);
}

class SqliteTransaction implements Transaction {
  readonly options = { usePhantomQuery: false };
  readonly provider;
  readonly adapterName;
  #released = false;
  constructor(
    private readonly writer: Adapter,
    private readonly release: () => void,
  ) {
    this.provider = writer.provider;
    this.adapterName = writer.adapterName;
  }
  queryRaw(q: Query) {
    return this.writer.queryRaw(q);
  }
  executeRaw(q: Query) {
    return this.writer.executeRaw(q);
  }
  // Prisma sends COMMIT / ROLLBACK itself (usePhantomQuery: false), then calls these.
  async commit() {
    this.#free();
  }
  async rollback() {
    this.#free();
  }
  #free() {
    if (!this.#released) {
      this.#released = true;
      this.release();
    }
  }
}

class ConcurrentSqliteAdapter implements Adapter {
  readonly provider;
  readonly adapterName;
  readonly #lock = new Lock();
  constructor(
    private readonly writer: Adapter,
    private readonly reader: Adapter | null,
    private readonly retry: RetryOptions,
    private readonly checkpointer: Checkpointer | null,
  ) {
    this.provider = writer.provider;
    this.adapterName = writer.adapterName;
  }

  async #write<T>(fn: () => Promise<T>): Promise<T> {
    return retryWhileBusy(async () => {
      const release = await this.#lock.acquire();
      try {
        return await fn();
      } finally {
        release();
        this.checkpointer?.wrote();
      }
    }, this.retry);
  }

  queryRaw(q: Query) {
    if (this.reader && isRead(q.sql)) return retryWhileBusy(() => this.reader!.queryRaw(q), this.retry);
    return this.#write(() => this.writer.queryRaw(q));
  }
  executeRaw(q: Query) {
    return this.#write(() => this.writer.executeRaw(q));
  }
  executeScript(script: string) {
    return this.#write(() => this.writer.executeScript(script));
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    if (isolationLevel && isolationLevel !== "SERIALIZABLE") return this.writer.startTransaction(isolationLevel); // refuses it, as Prisma's adapter does
    return retryWhileBusy(async () => {
      const release = await this.#lock.acquire();
      try {
        await this.writer.executeRaw({ sql: "BEGIN IMMEDIATE", args: [], argTypes: [] });
      } catch (err) {
        release();
        throw err;
      }
      return new SqliteTransaction(this.writer, () => {
        release();
        this.checkpointer?.wrote();
      });
    }, this.retry);
  }

  async dispose() {
    await this.checkpointer?.close();
    await this.writer.dispose();
    await this.reader?.dispose();
  }
}

/**
 * The driver adapter factory the app's Prisma client uses for a SQLite file
 * (see the top of this file). `retry` is for tests.
 */
export function concurrentSqliteAdapter(file: string, retry: RetryOptions = {}) {
  const factory = new PrismaBetterSQLite3({ url: file, timeout: BUSY_TIMEOUT_MS });
  return {
    provider: factory.provider as Adapter["provider"],
    adapterName: factory.adapterName,
    async connect(): Promise<Adapter> {
      const writer = await factory.connect();
      const reader = file === ":memory:" ? null : await factory.connect();
      // checkpoints in a worker thread instead of inside whichever commit crosses SQLite's mark (if the worker starts)
      const autocheckpoint = (pages: number) => writer.executeRaw({ sql: `PRAGMA wal_autocheckpoint = ${pages}`, args: [], argTypes: [] });
      const checkpointer = file === ":memory:" ? null : await startCheckpointer(file, () => void autocheckpoint(1000).catch(() => {}));
      if (checkpointer) {
        for (const conn of [writer, reader]) await conn?.executeRaw({ sql: "PRAGMA wal_autocheckpoint = 0", args: [], argTypes: [] });
      }
      return new ConcurrentSqliteAdapter(writer, reader, retry, checkpointer);
    },
  };
}

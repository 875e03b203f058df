import path from "node:path";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { Database as BetterSqlite3Database } from "better-sqlite3";
import { withStatementCache } from "./statement-cache";
import { noteWriteRoundTrip } from "../event-loop-stats";

/**
 * SQLite for the server process (and whatever else writes the same file: the
 * CLI tools, a second instance): one writer, off the event loop.
 *
 * better-sqlite3 is synchronous, so whatever SQLite does inside a statement
 * (a large INSERT … SELECT of an import, waiting for another process's write
 * lock, a WAL checkpoint inside a commit) holds the thread that runs it.
 *
 * - Every write and every transaction runs on ONE connection owned by a
 *   worker thread (lib/server/db/sqlite-writer-worker.mjs). The event loop only posts
 *   statements and awaits their answers.
 * - Writes and transactions take turns on that connection (an async FIFO
 *   lock): a write that arrives while a transaction is open waits for it
 *   asynchronously, instead of joining it as it would on Prisma's own adapter,
 *   which shares one connection between a transaction and everything else.
 *   A write outside a transaction holds the lock only while it is posted, not
 *   until it is answered: the thread runs its messages one at a time in the
 *   order they came, so writes are pipelined (each still runs alone, in
 *   order), and the next one does not wait for the event loop to read the
 *   answer to the one before (under load that wait, not SQLite, set the pace
 *   of every write: bench:play, docs/play.md).
 *   A writer may so wait behind a bulk import's one transaction (under half a
 *   second for 20,000 cards, docs/catalog-import.md) while the server goes on.
 * - Transactions begin with BEGIN IMMEDIATE: they take SQLite's write lock up
 *   front, so a read-then-write transaction never fails at its first write
 *   because another process wrote meanwhile (SQLite's busy handler does not
 *   help a transaction that must upgrade its snapshot). Another process's
 *   lock is waited for by the worker thread, up to BUSY_TIMEOUT_MS.
 * - Reads outside a transaction (SELECT) run on the event loop's own read
 *   connection: in WAL mode they see the last committed state and never
 *   wait for the writer. Its statements are compiled once per SQL text
 *   (lib/server/db/statement-cache.ts), not on every call.
 */

/** How long the writer waits for another process's write lock before a write fails with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 10_000;
/** The worker's module file, loaded by Node as it is (it is not part of Next's bundle). */
const WORKER_FILE = path.join(process.cwd(), "lib", "server", "db", "sqlite-writer-worker.mjs");

type Adapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;
type Query = Parameters<Adapter["queryRaw"]>[0];
type ResultSet = Awaited<ReturnType<Adapter["queryRaw"]>>;
type IsolationLevel = Parameters<Adapter["startTransaction"]>[0];
/** An answer of the writer thread; `ms`: how long its statements ran there (the wait before them not counted). */
type WorkerReply = ({ id: number; ok: true; result: unknown } | { id: number; ok: false; error: { name: string; message: string; code?: string; cause?: object } }) & { ms: number };

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

/** A call waiting for the thread's answer, and when it was made. */
type Waiting = { resolve: (v: unknown) => void; reject: (e: Error) => void; at: number };

/** The worker thread that owns the write connection, as promises. */
class WriterThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Waiting>();
  #next = 0;
  #failure: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    // the thread keeps the process alive only while a statement is under way (see #call)
    worker.unref();
    // the answers to one posted queue come back together, in order
    worker.on("message", (replies: WorkerReply[]) => {
      for (const m of replies)
        this.#settle(m.id, (waiting) => {
          noteWriteRoundTrip(performance.now() - waiting.at, m.ms);
          if (m.ok) waiting.resolve(m.result);
          else waiting.reject(Object.assign(new Error(m.error.message), m.error));
        });
    });
    const stop = (reason: Error) => {
      this.#failure ??= reason;
      for (const w of this.#pending.values()) w.reject(this.#failure);
      this.#pending.clear();
    };
    worker.on("error", (e) => stop(new Error(`The SQLite writer thread failed: ${e.message}`)));
    worker.on("exit", (code) => stop(new Error(`The SQLite writer thread stopped (exit code ${code}); writes cannot go on in this process.`)));
  }

  /** Starts the thread and waits until its connection is open; rejects with the reason it could not start. */
  static start(file: string): Promise<WriterThread> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(WORKER_FILE, { workerData: { file, busyTimeoutMs: BUSY_TIMEOUT_MS } });
      const fail = (e: Error) => reject(new Error(`The SQLite writer thread (${WORKER_FILE}) did not start: ${e.message}`));
      const exited = (code: number) => fail(new Error(`exit code ${code}`));
      const ready = (m: { ready?: boolean }) => {
        if (!m.ready) return;
        worker.off("error", fail).off("exit", exited).off("message", ready);
        resolve(new WriterThread(worker));
      };
      worker.on("error", fail).on("exit", exited).on("message", ready);
    });
  }

  /**
   * Queues a message for the thread; the queue goes as one postMessage once the event loop has run what it is running
   * (setImmediate: after this turn's I/O callbacks). A message to another thread costs a wake-up of that thread on
   * top of the copy (under bench:play's load, a postMessage per write was a twelfth of the event loop's time), so
   * the writes of every request served in one turn travel together; the thread runs them one by one, in order.
   */
  #call<T>(message: { op: "query" | "execute"; query: Query } | { op: "batch"; queries: Query[] } | { op: "script"; script: string } | { op: "close" }): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#next++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject, at: performance.now() });
      this.#outbox.push({ id, ...message });
      if (this.#outbox.length === 1) setImmediate(this.#flush);
    });
  }
  #outbox: ({ id: number } & Record<string, unknown>)[] = [];
  readonly #flush = () => {
    const messages = this.#outbox;
    this.#outbox = [];
    if (!messages.length) return;
    try {
      this.#worker.postMessage(messages);
    } catch {
      // one message could not be copied to the thread (a value structured clone refuses): each goes alone, in order,
      // and only the one that cannot be sent fails, with the reason
      for (const m of messages) {
        try {
          this.#worker.postMessage([m]);
        } catch (e) {
          this.#settle(m.id, (w) => w.reject(new Error(`A write could not be sent to the SQLite writer thread: ${e instanceof Error ? e.message : String(e)}`)));
        }
      }
    }
  };
  /** Ends a waiting call (its answer, or its failure) and lets the thread go when nothing else waits. */
  #settle(id: number, end: (w: Waiting) => void): void {
    const waiting = this.#pending.get(id);
    if (!waiting) return;
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
    end(waiting);
  }
  queryRaw(query: Query) {
    return this.#call<ResultSet>({ op: "query", query });
  }
  executeRaw(query: Query) {
    return this.#call<number>({ op: "execute", query });
  }
  executeScript(script: string) {
    return this.#call<void>({ op: "script", script });
  }
  executeBatch(queries: Query[]) {
    return this.#call<number>({ op: "batch", queries });
  }
  async close() {
    if (this.#failure) return;
    // the connection closes on its thread (committed state stays in the WAL for the next opener), then the thread ends
    await this.#call({ op: "close" });
    this.#failure = new Error("The SQLite writer thread was closed (the Prisma client disconnected).");
    await this.#worker.terminate();
  }
}

class WriterTransaction implements Transaction {
  readonly options = { usePhantomQuery: false };
  readonly provider = "sqlite" as const;
  readonly adapterName;
  #released = false;
  constructor(
    private readonly writer: WriterThread,
    adapterName: string,
    private readonly release: () => void,
  ) {
    this.adapterName = adapterName;
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

class SingleWriterAdapter implements Adapter {
  readonly provider = "sqlite" as const;
  readonly adapterName;
  readonly #lock = new Lock();
  constructor(
    private readonly writer: WriterThread,
    private readonly reader: Adapter,
  ) {
    this.adapterName = reader.adapterName;
  }

  /** Posts a write in its turn (after any open transaction) and lets the next one be posted at once; resolves with its answer. */
  async #write<T>(post: () => Promise<T>): Promise<T> {
    const release = await this.#lock.acquire();
    let answer: Promise<T>;
    try {
      // the message is posted synchronously (WriterThread#call): the thread runs it after everything posted before
      answer = post();
    } finally {
      release();
    }
    return answer;
  }

  queryRaw(q: Query) {
    if (/^\s*SELECT\b/i.test(q.sql)) return this.reader.queryRaw(q);
    return this.#write(() => this.writer.queryRaw(q));
  }
  executeRaw(q: Query) {
    return this.#write(() => this.writer.executeRaw(q));
  }
  executeScript(script: string) {
    return this.#write(() => this.writer.executeScript(script));
  }
  /**
   * Statements as one transaction in one message to the writer (one thread hop instead of one per statement and
   * BEGIN/COMMIT), in turn with the other writes: nothing is written when the first changes no row. Returns the
   * first statement's count of changed rows.
   */
  executeBatch(queries: Query[]) {
    return this.#write(() => this.writer.executeBatch(queries));
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    if (isolationLevel && isolationLevel !== "SERIALIZABLE") return this.reader.startTransaction(isolationLevel); // refuses it, as Prisma's adapter does
    const release = await this.#lock.acquire();
    try {
      await this.writer.executeRaw({ sql: "BEGIN IMMEDIATE", args: [], argTypes: [] });
    } catch (err) {
      release();
      throw err;
    }
    return new WriterTransaction(this.writer, this.adapterName, release);
  }

  async dispose() {
    await this.writer.close();
    await this.reader.dispose();
  }
}

/** The driver adapter factory the app's Prisma client uses for a SQLite file (see the top of this file). */
export function singleWriterSqliteAdapter(file: string) {
  const factory = new PrismaBetterSQLite3({ url: file, timeout: BUSY_TIMEOUT_MS });
  return {
    provider: factory.provider as Adapter["provider"],
    adapterName: factory.adapterName,
    async connect(): Promise<Adapter> {
      // an in-memory database exists once per connection: one connection does everything, as in Prisma's adapter
      if (file === ":memory:") return factory.connect();
      const writer = await WriterThread.start(file);
      const reader = await factory.connect();
      // the event loop's reads: each SQL text compiled once (lib/server/db/statement-cache.ts)
      const queryable = reader as unknown as { client: BetterSqlite3Database };
      queryable.client = withStatementCache(queryable.client);
      return new SingleWriterAdapter(writer, reader);
    },
  };
}

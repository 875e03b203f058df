/**
 * The SQLite write connection of one process, in a worker thread
 * (started by lib/server/db/sqlite-adapter.ts).
 *
 * better-sqlite3 is synchronous: a statement, a wait for another process's
 * write lock (SQLite's busy handler) and a WAL checkpoint inside a commit all
 * hold the thread that runs them. Here that thread is this one, so the
 * server's event loop never waits for a write. Every write of the process and
 * every statement of a transaction arrives as a message, is run on this
 * thread's connection through Prisma's own better-sqlite3 adapter (the same
 * argument and row conversions as a plain Prisma client), and is answered
 * with its result or its error, in the order the messages came.
 *
 * A plain ES module (not TypeScript, not bundled): Node loads it as it is,
 * from the app's lib/ folder, under `next start`, the CLI and the tests alike.
 */
import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

const { file, busyTimeoutMs } = workerData;
const connection = await new PrismaBetterSQLite3({ url: file, timeout: busyTimeoutMs }).connect();

/**
 * An error as plain data: Prisma recognises a driver error by its name and its `cause` (kind, SQLite code), and an
 * error the adapter does not map (a CHECK constraint) by better-sqlite3's own `code`.
 */
function plainError(e) {
  const err = e instanceof Error ? e : new Error(String(e));
  const cause = err.cause && typeof err.cause === "object" ? { ...err.cause } : undefined;
  return { name: err.name, message: err.message, code: typeof err.code === "string" ? err.code : undefined, cause };
}

/**
 * Statements run as one transaction in one message (lib/server/db/plain-sql.ts plainGuardedWrite): BEGIN IMMEDIATE,
 * each statement in order, COMMIT. When the first changes no row, nothing is written (ROLLBACK) and 0 is returned;
 * otherwise the first statement's count of changed rows. Any failure rolls back and is answered as the error.
 */
async function batch(queries) {
  await connection.executeRaw({ sql: "BEGIN IMMEDIATE", args: [], argTypes: [] });
  try {
    const first = await connection.executeRaw(queries[0]);
    if (first === 0) {
      await connection.executeRaw({ sql: "ROLLBACK", args: [], argTypes: [] });
      return 0;
    }
    for (const q of queries.slice(1)) await connection.executeRaw(q);
    await connection.executeRaw({ sql: "COMMIT", args: [], argTypes: [] });
    return first;
  } catch (e) {
    await connection.executeRaw({ sql: "ROLLBACK", args: [], argTypes: [] }).catch(() => undefined);
    throw e;
  }
}

async function run(message) {
  switch (message.op) {
    case "query":
      return connection.queryRaw(message.query);
    case "execute":
      return connection.executeRaw(message.query);
    case "script":
      return connection.executeScript(message.script);
    case "batch":
      return batch(message.queries);
    case "close":
      await connection.dispose();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

/**
 * The event loop posts its writes as queues (one postMessage for every write of one turn of its loop:
 * lib/server/db/sqlite-adapter.ts), without waiting for the answers to the ones before. They run one message at a time,
 * in the order they came: a batch's BEGIN … COMMIT (or a script) never has another message's statement run between its
 * own (the adapter's calls are asynchronous, so a handler left to itself would yield). The answers to one queue go back
 * together, once its last message ran.
 */
let turn = Promise.resolve();
/** The message's answer, with how long it ran on this thread (`ms`: the statements and the commit, not the wait before them). */
async function answer(message) {
  const start = performance.now();
  try {
    const result = await run(message);
    return { id: message.id, ok: true, result, ms: performance.now() - start };
  } catch (e) {
    return { id: message.id, ok: false, error: plainError(e), ms: performance.now() - start };
  }
}
async function answerAll(messages) {
  const replies = [];
  for (const m of messages) replies.push(await answer(m));
  try {
    parentPort.postMessage(replies);
  } catch {
    // an answer that cannot be copied back: each goes alone, and the one that cannot is answered as its error
    for (const r of replies) {
      try {
        parentPort.postMessage([r]);
      } catch (e) {
        parentPort.postMessage([{ id: r.id, ok: false, error: plainError(e), ms: r.ms }]);
      }
    }
  }
}
parentPort.on("message", (messages) => {
  turn = turn.then(() => answerAll(messages));
});
parentPort.postMessage({ ready: true });

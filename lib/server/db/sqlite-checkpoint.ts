import { Worker } from "node:worker_threads";

/**
 * WAL checkpoints off the event loop.
 *
 * In WAL mode SQLite copies the log back into the database file every 1,000
 * pages, and by default the connection whose commit crosses that mark does it,
 * inside that commit. better-sqlite3 is synchronous, so that copy (with its
 * fsync) held the app's event loop: a large import's chunk of 40 ms took
 * 100–240 ms whenever its commit happened to checkpoint the chunks before it.
 * So the app's connections turn automatic checkpoints off, and a worker
 * thread with its own connection runs a PASSIVE checkpoint (it never blocks
 * readers or writers) at most every CHECKPOINT_EVERY_MS after writes, so the
 * log stays small without the event loop ever doing the copying. A write made
 * by another process (the CLI) is checkpointed by that process's own worker.
 */

const CHECKPOINT_EVERY_MS = 1_000;

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require("better-sqlite3");
const db = new Database(workerData.file, { timeout: 5000 });
parentPort.on("message", (m) => {
  if (m === "close") { db.close(); process.exit(0); }
  try { parentPort.postMessage({ ok: true, result: db.pragma("wal_checkpoint(PASSIVE)")[0] }); }
  catch (e) { parentPort.postMessage({ ok: false, error: String(e && e.message) }); }
});
parentPort.postMessage({ ok: true, ready: true });
`;

export type Checkpointer = { wrote(): void; close(): Promise<void> };

/**
 * Starts the checkpoint worker for a database file; resolves to null when it
 * cannot start (the caller then keeps SQLite's automatic checkpoints).
 * `onFailure` runs if the worker stops later, so the caller can turn SQLite's
 * own checkpoints back on (the log must not grow without bound).
 */
export function startCheckpointer(file: string, onFailure: (reason: string) => void): Promise<Checkpointer | null> {
  return new Promise((resolve) => {
    let worker: Worker;
    let ready = false;
    const fail = (reason: string) => {
      console.warn(`[sqlite] checkpoint worker unavailable (${reason}); SQLite's automatic checkpoints stay on`);
      if (ready) onFailure(reason);
      else resolve(null);
    };
    try {
      worker = new Worker(WORKER, { eval: true, workerData: { file } });
    } catch (e) {
      fail(String((e as Error).message));
      return;
    }
    worker.unref();
    let dirty = false;
    let busy = false;
    let timer: NodeJS.Timeout | null = null;
    let closed = false;
    const run = () => {
      timer = null;
      if (closed || busy || !dirty) return;
      dirty = false;
      busy = true;
      worker.postMessage("checkpoint");
    };
    worker.once("error", (e) => {
      if (!closed) fail(String(e.message));
    });
    worker.once("exit", (code) => {
      if (!closed) fail(`exited with ${code}`);
      closed = true;
    });
    worker.on("message", (m: { ok: boolean; ready?: boolean }) => {
      if (m.ready) {
        ready = true;
        resolve({
          wrote() {
            dirty = true;
            if (!timer && !busy && !closed) timer = setTimeout(run, CHECKPOINT_EVERY_MS).unref();
          },
          async close() {
            if (closed) return;
            closed = true;
            if (timer) clearTimeout(timer);
            const exited = new Promise((done) => worker.once("exit", done));
            // referenced while it closes: an unreferenced worker would let the process end with this await pending
            worker.ref();
            worker.postMessage("close");
            await exited;
          },
        });
        return;
      }
      busy = false;
      if (dirty && !timer && !closed) timer = setTimeout(run, CHECKPOINT_EVERY_MS).unref();
    });
  });
}

/**
 * Request/answer over a dedicated Web Worker: each request carries an id, the
 * worker replies `{ id, ok: true, answer }` or `{ id, ok: false, error }`
 * (see `workerReply`), and the matching promise settles. Used by the playtest
 * AI's worker and the coach's workers; browser-only, domain-free.
 */

/** What a worker posts back for the request `id`. */
export type WorkerReply<A> = { id: number; ok: true; answer: A } | { id: number; ok: false; error: string };

/** A channel to one worker. */
export interface WorkerRpc<Q, A> {
  ask(req: Q): Promise<A>;
  /** Terminates the worker; requests still waiting are rejected with `reason` when given, else never settle. */
  close(reason?: string): void;
}

/** Wraps `worker`; `failure` is the message of the error a crash of the worker rejects waiting requests with. */
export function workerRpc<Q, A>(worker: Worker, failure: string): WorkerRpc<Q, A> {
  let nextId = 1;
  const waiting = new Map<number, { resolve: (a: A) => void; reject: (e: Error) => void }>();
  const rejectAll = (message: string) => {
    for (const w of waiting.values()) w.reject(new Error(message));
    waiting.clear();
  };
  worker.onmessage = (e: MessageEvent<WorkerReply<A>>) => {
    const w = waiting.get(e.data.id);
    if (!w) return;
    waiting.delete(e.data.id);
    if (e.data.ok) w.resolve(e.data.answer);
    else w.reject(new Error(e.data.error));
  };
  worker.onerror = (e) => rejectAll(e.message || failure);
  return {
    ask: (req) =>
      new Promise<A>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, req });
      }),
    close: (reason) => {
      worker.terminate();
      if (reason) rejectAll(reason);
      else waiting.clear();
    },
  };
}

/** The worker's side: answers each `{ id, req }` message with `run(req)`, or with the error it threw. */
export function serveWorker<Q, A>(scope: { onmessage: unknown; postMessage(m: unknown): void }, run: (req: Q) => A): void {
  scope.onmessage = (e: MessageEvent<{ id: number; req: Q }>) => {
    let reply: WorkerReply<A>;
    try {
      reply = { id: e.data.id, ok: true, answer: run(e.data.req) };
    } catch (err) {
      reply = { id: e.data.id, ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    scope.postMessage(reply);
  };
}

import { describe, expect, it } from "vitest";
import { serveWorker, workerRpc, type WorkerReply } from "./worker-rpc";

/** A worker stand-in: serveWorker runs on its inner scope; replies arrive on a later tick, as a real worker's do. */
class FakeWorker {
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: { message: string }) => void) | null = null;
  terminated = false;
  readonly inner: { onmessage: unknown; postMessage(m: unknown): void };
  constructor(run: (n: number) => number, private readonly silent = false) {
    this.inner = { onmessage: null, postMessage: (m) => setTimeout(() => this.onmessage?.({ data: m }), 0) };
    serveWorker(this.inner, run);
  }
  postMessage(data: unknown) {
    if (!this.silent) (this.inner.onmessage as (e: { data: unknown }) => void)({ data });
  }
  terminate() {
    this.terminated = true;
  }
}

const double = (n: number) => {
  if (n < 0) throw new Error("negative");
  return n * 2;
};

describe("workerRpc", () => {
  it("matches each answer to its request, and rejects with the worker's error", async () => {
    const w = new FakeWorker(double);
    const rpc = workerRpc<number, number>(w as unknown as Worker, "crashed");
    await expect(Promise.all([rpc.ask(1), rpc.ask(5)])).resolves.toEqual([2, 10]);
    await expect(rpc.ask(-1)).rejects.toThrow("negative");
  });

  it("rejects waiting requests when the worker crashes, or on close with a reason", async () => {
    const w = new FakeWorker(double, true);
    const rpc = workerRpc<number, number>(w as unknown as Worker, "crashed");
    const a = rpc.ask(1);
    w.onerror?.({ message: "" });
    await expect(a).rejects.toThrow("crashed");
    const b = rpc.ask(2);
    rpc.close("stopped");
    await expect(b).rejects.toThrow("stopped");
    expect(w.terminated).toBe(true);
  });

  it("ignores replies to unknown ids, and serveWorker reports a thrown non-Error as text", () => {
    const posted: WorkerReply<number>[] = [];
    const scope = { onmessage: null as unknown, postMessage: (m: unknown) => posted.push(m as WorkerReply<number>) };
    serveWorker<number, number>(scope, () => {
      throw "plain";
    });
    (scope.onmessage as (e: { data: unknown }) => void)({ data: { id: 3, req: 1 } });
    expect(posted).toEqual([{ id: 3, ok: false, error: "plain" }]);
    const w = new FakeWorker(double);
    workerRpc<number, number>(w as unknown as Worker, "crashed");
    expect(() => w.onmessage?.({ data: { id: 99, ok: true, answer: 1 } })).not.toThrow();
  });
});

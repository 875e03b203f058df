import { describe, expect, it } from "vitest";
import { concurrencyGate, ServiceBusyError } from "./concurrency-gate";
import { jsonError } from "./http-error";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("concurrencyGate", () => {
  it("runs at most `running` tasks at once, queues the next in order, and refuses beyond the queue with a 503 and Retry-After", async () => {
    const gate = concurrencyGate({ running: 2, waiting: 2, what: "Searches", retryAfterSeconds: 3 });
    const started: number[] = [];
    const holds = [0, 1, 2, 3].map(() => deferred());
    const tasks = holds.map((h, i) => gate.run(async () => (started.push(i), await h.promise, i)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.stats()).toEqual({ running: 2, waiting: 2 });
    const refused = await gate.run(async () => 9).catch((e) => e);
    expect(refused).toBeInstanceOf(ServiceBusyError);
    const res = jsonError(refused);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("3");
    expect(await res.json()).toEqual({ error: { code: "service/busy", message: "Searches are busy right now. Try again in 3 seconds." } });
    holds[0].resolve();
    await tasks[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    holds[1].resolve();
    holds[2].resolve();
    holds[3].resolve();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3]);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("frees its slot when a task fails", async () => {
    const gate = concurrencyGate({ running: 1, waiting: 0, what: "Searches" });
    await expect(gate.run(async () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await gate.run(async () => "ok")).toBe("ok");
  });
});

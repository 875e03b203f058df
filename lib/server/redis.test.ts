import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type Redis from "ioredis";

const g = globalThis as unknown as { ringbinderRedis?: Redis | null; ringbinderLimiters?: Map<string, unknown> };

/** A fresh instance as far as Redis goes: no client, no limiter objects. */
function newInstance(url: string) {
  g.ringbinderRedis?.disconnect();
  g.ringbinderRedis = undefined;
  g.ringbinderLimiters = undefined;
  process.env.REDIS_URL = url;
}
afterEach(() => vi.restoreAllMocks());
afterAll(() => {
  g.ringbinderRedis?.disconnect();
  g.ringbinderRedis = undefined;
  g.ringbinderLimiters = undefined;
  delete process.env.REDIS_URL;
});

const { getRedis } = await import("@/lib/server/redis");
const { limit } = await import("@/lib/server/rate-limit");
const { invalidate } = await import("@/lib/server/cache/invalidate");

function once(client: Redis, event: string) {
  return new Promise<void>((resolve) => client.once(event, () => resolve()));
}

describe("a Redis that stops answering (a hung or unreachable server)", () => {
  // accepts connections and reads every byte, answers nothing: like a host whose packets are dropped
  const sockets: Socket[] = [];
  let hung: Server;
  afterAll(() => {
    for (const s of sockets) s.destroy();
    hung?.close();
  });

  it("fails each command in bounded time instead of queueing it, so writes and limits go on with their fallbacks", async () => {
    hung = createServer((s) => {
      sockets.push(s);
      s.on("data", () => {});
    });
    await new Promise<void>((resolve) => hung.listen(0, "127.0.0.1", resolve));
    const port = (hung.address() as { port: number }).port;
    newInstance(`redis://127.0.0.1:${port}`);
    process.env.RATE_LIMIT_PREFIX = `test-redis-hung-${process.pid}`;
    const client = getRedis()!;
    // a raw command is refused, not left waiting (without a bound it waits as long as the server is silent)
    await expect(client.get("anything")).rejects.toThrow(/timed out/i);
    // a write's cache invalidation, published to the other instances, finishes (its failure is a warning), and a limit counts in memory
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await invalidate(["catalog"]);
    await limit("import", "user-1");
  });
});

describe("a Redis killed and started again", () => {
  const port = 4661 + (process.pid % 30);
  let server: ChildProcess | null = null;
  const start = async () => {
    server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "ignore"] });
    await new Promise<void>((resolve) => server!.stdout!.on("data", (d) => String(d).includes("Ready to accept") && resolve()));
  };
  const kill = async () => {
    const s = server!;
    const exited = new Promise<void>((resolve) => s.once("exit", () => resolve()));
    s.kill("SIGKILL");
    await exited;
  };
  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) await kill();
  });

  it("logs the outage once however many reconnects fail, falls back meanwhile, and uses Redis again when it is back", async () => {
    await start();
    newInstance(`redis://127.0.0.1:${port}`);
    process.env.RATE_LIMIT_PREFIX = `test-redis-kill-${process.pid}`;
    process.env.RATE_LIMIT_IMPORT = "2/60";
    const client = getRedis()!;
    if (client.status !== "ready") await once(client, "ready");
    await limit("import", "user-k");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await kill();
    // several failed reconnects while it is down
    for (let i = 0; i < 3; i++) await once(client, "reconnecting");
    await expect(client.get("anything")).rejects.toThrow();
    // the limit goes on in this instance's memory (its count there starts again)
    await limit("import", "user-k");
    await limit("import", "user-k");
    await expect(limit("import", "user-k")).rejects.toMatchObject({ code: "rate/limited" });
    expect(warn.mock.calls.filter(([m]) => String(m).startsWith("[redis] unreachable"))).toHaveLength(1);
    expect(errors).not.toHaveBeenCalled();
    // back: the client reconnects by itself and the count is Redis's again (one attempt there before the kill)
    await start();
    await once(client, "ready");
    expect(warn.mock.calls.filter(([m]) => String(m).startsWith("[redis] reachable again"))).toHaveLength(1);
    await limit("import", "user-k2");
    expect(await client.keys(`test-redis-kill-${process.pid}:import*`)).not.toHaveLength(0);
    delete process.env.RATE_LIMIT_IMPORT;
  });
});

/**
 * The fan-out between instances: with Redis, a change accepted on another
 * instance reaches this instance's streams, and a change here reaches the
 * others, once each. (The other instance is a plain Redis client speaking the
 * hub's channel and message format.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Redis from "ioredis";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `test-play-hub-${process.pid}-${Date.now()}:`;
const g = globalThis as unknown as { ringbinderRedis?: Redis | null; ringbinderPlayHub?: { sub: Redis | null } };
let redisUp = false;

beforeAll(async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    redisUp = (await probe.ping()) === "PONG";
  } catch {
    redisUp = false;
  }
  probe.disconnect();
});

afterAll(async () => {
  g.ringbinderPlayHub?.sub?.disconnect();
  delete g.ringbinderPlayHub;
  if (g.ringbinderRedis) await g.ringbinderRedis.quit();
  delete g.ringbinderRedis;
  delete process.env.REDIS_URL;
  delete process.env.REDIS_PREFIX;
});

const { publish, subscribe } = await import("./hub");

function waitFor(check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const t = setInterval(() => {
      if (check()) {
        clearInterval(t);
        resolve();
      }
    }, 5);
  });
}

describe("the play hub", () => {
  it("in memory: a change reaches the game's listeners on this instance, and only that game's", () => {
    g.ringbinderRedis = null;
    delete g.ringbinderPlayHub;
    const heard: number[] = [];
    const other: number[] = [];
    const off = subscribe("mem-game", (seq) => heard.push(seq));
    const off2 = subscribe("mem-other", (seq) => other.push(seq));
    publish("mem-game", 3);
    off();
    publish("mem-game", 4);
    off2();
    expect(heard).toEqual([3]);
    expect(other).toEqual([]);
  });

  it("with Redis: another instance's change reaches this one, and this one's reaches the others, once each", async (ctx) => {
    if (!redisUp) ctx.skip();
    process.env.REDIS_URL = REDIS_URL;
    process.env.REDIS_PREFIX = prefix;
    delete g.ringbinderRedis;
    delete g.ringbinderPlayHub;
    const heard: number[] = [];
    const off = subscribe("red-game", (seq) => heard.push(seq));
    const sub = g.ringbinderPlayHub!.sub!;
    await waitFor(() => sub.status === "ready");
    // the other instance
    const other = new Redis(REDIS_URL);
    const otherSub = new Redis(REDIS_URL);
    const seenThere: string[] = [];
    await otherSub.subscribe(`${prefix}play:game:red-game`);
    otherSub.on("message", (_c: string, payload: string) => seenThere.push(payload));
    // wait until both subscriptions (this instance's and the other's) are in place
    for (let i = 0; i < 200 && (await other.pubsub("NUMSUB", `${prefix}play:game:red-game`))[1] !== 2; i++) await new Promise((r) => setTimeout(r, 10));
    await other.publish(`${prefix}play:game:red-game`, `other-instance red-game 7`);
    await waitFor(() => heard.includes(7));
    publish("red-game", 8);
    await waitFor(() => seenThere.some((p) => p.endsWith(" red-game 8")));
    // the local listener heard its own change once (directly), not again through Redis
    await other.publish(`${prefix}play:game:red-game`, `other-instance red-game 9`);
    await waitFor(() => heard.includes(9));
    expect(heard).toEqual([7, 8, 9]);
    off();
    other.disconnect();
    otherSub.disconnect();
  });
});

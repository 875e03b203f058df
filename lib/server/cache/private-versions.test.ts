import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Redis from "ioredis";

/**
 * The version store of the private page cache: process memory without Redis,
 * Redis (shared by every instance) with it. A version only ever moves up, and
 * one that is lost starts again above every value it held.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `test-private-versions-${process.pid}-${Date.now()}:`;
const g = globalThis as { ringbinderRedis?: Redis | null };

let redisUp = false;
beforeAll(async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redisUp = await probe.connect().then(
    () => true,
    () => false,
  );
  probe.disconnect();
});

afterAll(async () => {
  if (g.ringbinderRedis) {
    const keys = await g.ringbinderRedis.keys(`${prefix}*`);
    if (keys.length) await g.ringbinderRedis.del(...keys);
    await g.ringbinderRedis.quit();
  }
  delete g.ringbinderRedis;
  delete process.env.REDIS_URL;
  delete process.env.REDIS_PREFIX;
});

const { bumpPrivateViews, privateVersion } = await import("@/lib/server/cache/private-versions");

describe("private page versions", () => {
  it("in memory: start at the time first needed, move up on a bump, per user and view", async () => {
    g.ringbinderRedis = null;
    const t0 = Date.now();
    const a = Number(await privateVersion("mem-a", "collection"));
    expect(a).toBeGreaterThanOrEqual(t0 * 1000);
    expect(await privateVersion("mem-a", "collection")).toBe(String(a));
    await bumpPrivateViews("mem-a", ["collection"]);
    expect(Number(await privateVersion("mem-a", "collection"))).toBeGreaterThan(a);
    const decks = await privateVersion("mem-a", "decks");
    const other = await privateVersion("mem-b", "collection");
    await bumpPrivateViews("mem-a", ["collection"]);
    expect(await privateVersion("mem-a", "decks")).toBe(decks);
    expect(await privateVersion("mem-b", "collection")).toBe(other);
  });

  it("with Redis: every instance reads the same version; a lost one starts again higher", async (ctx) => {
    if (!redisUp) ctx.skip();
    process.env.REDIS_URL = REDIS_URL;
    process.env.REDIS_PREFIX = prefix;
    delete g.ringbinderRedis;
    const { getRedis } = await import("@/lib/server/redis");
    const redis = getRedis()!;
    if (redis.status !== "ready") await new Promise((resolve) => redis.once("ready", resolve));
    const v1 = await privateVersion("red-a", "decks");
    expect(Number(v1)).toBeGreaterThan(0);
    // what another instance sees: the key itself
    expect(await redis.get(`${prefix}private:decks:red-a`)).toBe(v1);
    await bumpPrivateViews("red-a", ["decks", "collection"]);
    const v2 = await privateVersion("red-a", "decks");
    expect(BigInt(v2!)).toBe(BigInt(v1!) + 1n);
    expect(await redis.pttl(`${prefix}private:decks:red-a`)).toBeGreaterThan(24 * 3600 * 1000);
    // a bump of a version nobody read yet starts from now, too
    await bumpPrivateViews("red-b", ["collection"]);
    expect(Number(await privateVersion("red-b", "collection"))).toBeGreaterThan((Date.now() - 60_000) * 1000);
    // lost (flushed, expired): starts again above what it was
    await redis.del(`${prefix}private:decks:red-a`);
    expect(BigInt((await privateVersion("red-a", "decks"))!)).toBeGreaterThan(BigInt(v2!));
  });

  it("with Redis unreachable: no version (the page renders per request), and a bump does not throw", async () => {
    const down = new Redis("redis://127.0.0.1:1", { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
    g.ringbinderRedis = down;
    expect(await privateVersion("down-a", "collection")).toBeNull();
    await expect(bumpPrivateViews("down-a", ["collection"])).resolves.toBeUndefined();
    down.disconnect();
    g.ringbinderRedis = null;
  });
});

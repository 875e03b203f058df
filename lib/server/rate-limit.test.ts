import { afterAll, afterEach, describe, expect, it } from "vitest";
import Redis from "ioredis";
import { limit, retryAfter, ruleFor } from "@/lib/server/rate-limit";
import { RateLimitedError } from "@/lib/server/errors";
import { getRedis } from "@/lib/server/redis";

const prefix = `test-rl-${process.pid}-${Date.now()}`;
const g = globalThis as unknown as { ringbinderLimiters?: Map<string, unknown>; ringbinderRedis?: unknown };

/** A fresh app instance as far as rate limits go: no limiter objects, no Redis client. */
function newInstance() {
  g.ringbinderLimiters = undefined;
  const old = g.ringbinderRedis as Redis | null | undefined;
  if (old) old.disconnect();
  g.ringbinderRedis = undefined;
}

/** Until its Redis client is connected an instance counts in memory (the insurance limiter). */
async function redisReady() {
  const redis = getRedis();
  if (redis && redis.status !== "ready") await new Promise((resolve) => redis.once("ready", resolve));
}

afterEach(() => {
  delete process.env.RATE_LIMIT_IMPORT;
  delete process.env.REDIS_URL;
  newInstance();
});

describe("limit()", () => {
  it("counts per kind and key, and says how long to wait once over", async () => {
    process.env.RATE_LIMIT_PREFIX = `${prefix}-mem`;
    process.env.RATE_LIMIT_IMPORT = "3/60";
    expect(ruleFor("import")).toMatchObject({ points: 3, duration: 60 });
    for (let i = 0; i < 3; i++) await limit("import", "user-a");
    const err = await limit("import", "user-a").catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err).toMatchObject({ code: "rate/limited", status: 429 });
    expect(err.retryAfterSeconds).toBeGreaterThan(0);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(err.message).toMatch(/^Too many imports\. Try again in \d+ (seconds?|minute)\.$/);
    expect(await retryAfter("import", "user-a")).toBeGreaterThan(0);
    // another user, another kind: untouched
    await limit("import", "user-b");
    await limit("comment", "user-a");
  });

  it("a refusal from a limiter made by another bundle's copy of the library is still a RateLimitedError", async () => {
    process.env.RATE_LIMIT_PREFIX = `${prefix}-bundles`;
    process.env.RATE_LIMIT_IMPORT = "1/60";
    await limit("import", "user-c");
    // the proxy is bundled apart, with its own rate-limiter-flexible: its limiter, shared through globalThis, refuses with its own RateLimiterRes
    const [[id, made]] = [...g.ringbinderLimiters!.entries()].filter(([k]) => k.includes(":import:"));
    const foreign = { consume: () => Promise.reject({ msBeforeNext: 42_000, remainingPoints: 0, consumedPoints: 2, isFirstInDuration: false }) };
    g.ringbinderLimiters!.set(id, foreign);
    const err = await limit("import", "user-c").catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err.retryAfterSeconds).toBe(42);
    // a store failure (an Error) is not a refusal
    g.ringbinderLimiters!.set(id, { consume: () => Promise.reject(new Error("store down")) });
    await expect(limit("import", "user-c")).rejects.toThrow("store down");
    g.ringbinderLimiters!.set(id, made);
  });

  it("ignores a malformed setting and keeps the default", () => {
    process.env.RATE_LIMIT_IMPORT = "lots";
    expect(ruleFor("import").points).toBe(60);
  });

  it("with REDIS_URL, every instance counts together", async () => {
    process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
    process.env.RATE_LIMIT_PREFIX = `${prefix}-redis`;
    process.env.RATE_LIMIT_IMPORT = "4/60";
    await redisReady();
    await limit("import", "shared-user");
    await limit("import", "shared-user");
    newInstance(); // a second app instance: its own process memory, the same Redis
    await redisReady();
    await limit("import", "shared-user");
    await limit("import", "shared-user");
    newInstance();
    await redisReady();
    await expect(limit("import", "shared-user")).rejects.toBeInstanceOf(RateLimitedError);
  });
});

afterAll(async () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
  const keys = await redis.keys(`${prefix}-redis:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

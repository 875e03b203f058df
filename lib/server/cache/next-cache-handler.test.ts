import { createRequire } from "node:module";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The handler is CommonJS loaded by Next at run time; the test loads it the same way.
const require = createRequire(import.meta.url);
type HandlerModule = {
  new (ctx: Record<string, unknown>): { revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void> };
  invalidationChannel(): string;
  onMessage(raw: string): boolean;
  closeBus(): Promise<void>;
  busReady(): Promise<void>;
};
const { areTagsExpired } = require("next/dist/server/lib/incremental-cache/tags-manifest.external") as { areTagsExpired(tags: string[], ts: number): boolean };

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `test-${randomUUID()}:`;
let Handler: HandlerModule;
let redisUp = false;

async function waitFor(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
}

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  const { default: Redis } = await import("ioredis");
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redisUp = await probe.connect().then(
    () => true,
    () => false,
  );
  probe.disconnect();
  if (redisUp) process.env.REDIS_URL = REDIS_URL;
  Handler = require("./next-cache-handler.cjs") as HandlerModule;
});

afterAll(async () => {
  await Handler?.closeBus();
  const { getRedis } = await import("@/lib/server/redis");
  await getRedis()?.quit();
  delete process.env.REDIS_URL;
  delete process.env.REDIS_PREFIX;
});

describe("the cache handler's invalidation channel", () => {
  it("uses the same channel as lib/server/cache/invalidate", async () => {
    const { invalidationChannel } = await import("@/lib/server/cache/invalidate");
    expect(Handler.invalidationChannel()).toBe(invalidationChannel());
    expect(invalidationChannel()).toBe(`${prefix}cache:invalidate`);
  });

  it("applies another instance's invalidation and ignores malformed messages", () => {
    const before = Date.now() - 1;
    const tag = `card:T-${randomUUID()}`;
    expect(Handler.onMessage("not json")).toBe(false);
    expect(Handler.onMessage(JSON.stringify({ origin: "other", tags: "card:x" }))).toBe(false);
    expect(Handler.onMessage(JSON.stringify({ origin: "other", tags: ["x".repeat(300)] }))).toBe(false);
    expect(areTagsExpired([tag], before)).toBe(false);
    expect(Handler.onMessage(JSON.stringify({ origin: "other", tags: [tag], durations: { expire: 0 } }))).toBe(true);
    expect(areTagsExpired([tag], before)).toBe(true);
  });

  it("delivers an invalidation published outside the app (the CLI) through Redis", async (ctx) => {
    if (!redisUp) ctx.skip();
    new Handler({ serverDistDir: "/nonexistent", maxMemoryCacheSize: 1024 });
    await Handler.busReady();
    const before = Date.now() - 1;
    const tag = `deck:${randomUUID()}`;
    const { invalidate } = await import("@/lib/server/cache/invalidate");
    // outside a Next request revalidateTag cannot run: invalidate() publishes instead
    await invalidate([tag]);
    expect(await waitFor(() => areTagsExpired([tag], before))).toBe(true);
  });
});

describe("session ends between instances", () => {
  const claims = { uid: "u1", sid: "s1", sv: 0 };

  it("a session end published by another instance makes this one forget its session checks", async (ctx) => {
    if (!redisUp) ctx.skip();
    const memo = await import("@/lib/accounts/session-memo");
    new Handler({ serverDistDir: "/nonexistent", maxMemoryCacheSize: 1024 });
    await Handler.busReady();
    // subscribed: every session end reaches this instance, so the proxy may vouch for minutes
    expect(await waitFor(() => memo.vouchWindowMs() === memo.VOUCH_MS)).toBe(true);
    memo.rememberSession(claims, true, memo.sessionMemoGeneration());
    expect(memo.rememberedSession(claims, memo.VOUCH_MS)).toBe(true);
    // another instance's sign-out (lib/accounts/session-check.ts publishes on the same channel)
    const { default: Redis } = await import("ioredis");
    const other = new Redis(REDIS_URL);
    await other.publish(Handler.invalidationChannel(), JSON.stringify({ origin: "sessions-other", sessions: true }));
    other.disconnect();
    expect(await waitFor(() => memo.rememberedSession(claims, memo.VOUCH_MS) === undefined)).toBe(true);
  });

  it("the proxy vouches for minutes only while session ends reach this instance", async () => {
    const memo = await import("@/lib/accounts/session-memo");
    expect(Handler.onMessage(JSON.stringify({ origin: "x", sessions: true }))).toBe(true);
    const saved = process.env.REDIS_URL;
    try {
      delete process.env.REDIS_URL;
      // alone: every sign-out runs here and forgets at once
      expect(memo.vouchWindowMs()).toBe(memo.VOUCH_MS);
      process.env.REDIS_URL = "redis://127.0.0.1:1";
      await Handler.closeBus();
      // several instances and no channel: the short check only
      expect(memo.vouchWindowMs()).toBe(memo.SESSION_CHECK_MS);
      const now = Date.now();
      memo.rememberSession(claims, true, memo.sessionMemoGeneration());
      expect(memo.rememberedSession(claims, memo.SESSION_CHECK_MS, now + memo.SESSION_CHECK_MS + 1)).toBeUndefined();
      expect(memo.rememberedSession(claims, memo.VOUCH_MS, now + memo.SESSION_CHECK_MS + 1)).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = saved;
    }
  });
});

describe("the private page cache's memory budget", () => {
  type Entry = { value: { kind: string; html: string; rscData?: Buffer; headers?: Record<string, string> } } | null;
  type Cache = { get(key: string, ctx: Record<string, unknown>): Promise<Entry>; set(key: string, data: unknown, ctx: Record<string, unknown>): Promise<void> };
  const page = (kb: number, tags = "") => ({ kind: "APP_PAGE", html: `<html><script>x</script>${"a".repeat(kb * 1024)}</html>`, rscData: Buffer.alloc(10), headers: tags ? { "x-next-cache-tags": tags } : {}, status: 200 });
  const ctx = { kind: "APP_PAGE", isRoutePPREnabled: false, isFallback: false };

  it("keeps signed-in pages in a budget of their own: however many there are, the public pages stay", async () => {
    const mod = require("./next-cache-handler.cjs") as HandlerModule & { privateCacheStats(): { entries: number; bytes: number; budget: number }; isPrivateKey(k: string): boolean };
    expect(mod.isPrivateKey("/cached/private/collection/abc.def")).toBe(true);
    expect(mod.isPrivateKey("/cached/cards/all")).toBe(false);
    const cache = new (mod as unknown as new (c: Record<string, unknown>) => Cache)({ serverDistDir: "/nonexistent", maxMemoryCacheSize: 4 * 1024 * 1024, fs: { existsSync: () => false, readFile: async () => { throw new Error("no disk"); } } });
    // (Next keeps one public memory cache per process, sized by the first handler made: this file's is tiny)
    await cache.set("/cached/cards/all", page(0), { cacheControl: { revalidate: 60 } });
    const budget = mod.privateCacheStats().budget;
    const many = Math.ceil(budget / (250 * 1024)) + 20;
    for (let i = 0; i < many; i++) await cache.set(`/cached/private/collection/user${i}.mac`, page(250), { cacheControl: { revalidate: 60 } });
    const stats = mod.privateCacheStats();
    expect(stats.bytes).toBeLessThanOrEqual(budget);
    expect(stats.entries).toBeLessThan(many);
    // the oldest signed-in pages went, the newest and the public page stayed
    expect(await cache.get("/cached/private/collection/user0.mac", ctx)).toBeNull();
    const newest = await cache.get(`/cached/private/collection/user${many - 1}.mac`, ctx);
    expect(newest?.value.html.length).toBeGreaterThan(250 * 1024);
    // a cached private page gets its CSP from the cache like a public one (script hashes, no nonce)
    expect(newest?.value.headers?.["content-security-policy"]).toContain("'sha256-");
    expect(await cache.get("/cached/cards/all", ctx)).not.toBeNull();
  });

  it("drops a signed-in page when one of its tags is invalidated (a catalog write)", async () => {
    const mod = require("./next-cache-handler.cjs") as HandlerModule;
    const cache = new (mod as unknown as new (c: Record<string, unknown>) => Cache & { revalidateTag(t: string[], d?: { expire?: number }): Promise<void> })({ serverDistDir: "/nonexistent", maxMemoryCacheSize: 4 * 1024 * 1024 });
    const tag = `catalog-test-${randomUUID()}`;
    await cache.set("/cached/private/decks/tagged.mac", page(1, `${tag},other`), { cacheControl: { revalidate: 60 } });
    expect(await cache.get("/cached/private/decks/tagged.mac", ctx)).not.toBeNull();
    await new Promise((r) => setTimeout(r, 5));
    await cache.revalidateTag([tag], { expire: 0 });
    expect(await cache.get("/cached/private/decks/tagged.mac", ctx)).toBeNull();
  });
});

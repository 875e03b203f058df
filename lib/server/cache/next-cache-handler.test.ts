import { createRequire } from "node:module";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The handler is CommonJS loaded by Next at run time; the test loads it the same way.
const require = createRequire(import.meta.url);
type Entry = { value: { kind: string; html?: string; headers?: Record<string, string>; data?: unknown }; lastModified: number } | null;
type Cache = {
  get(key: string, ctx: Record<string, unknown>): Promise<Entry>;
  set(key: string, data: unknown, ctx: Record<string, unknown>): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
};
type HandlerModule = {
  new (ctx: Record<string, unknown>): Cache;
  invalidationChannel(): string;
  onMessage(raw: string): boolean;
  closeBus(): Promise<void>;
  busReady(): Promise<void>;
  cacheStats(): { entries: number; bytes: number; budget: number };
};

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `test-${randomUUID()}:`;
let Handler: HandlerModule;
let redisUp = false;

async function waitFor(check: () => Promise<boolean> | boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
}

/** A rendered page as Next hands it to set(): its tags in the tags header. */
const page = (tags: string[], kb = 1) => ({ kind: "APP_PAGE", html: `<html><script>x</script>${"a".repeat(kb * 1024)}</html>`, rscData: Buffer.alloc(10), headers: { "x-next-cache-tags": tags.join(",") }, status: 200 });
const pageCtx = { kind: "APP_PAGE", isRoutePPREnabled: false, isFallback: false };
/** Cached data (unstable_cache) as Next hands it to set(); its tags come with each read. */
const data = (value: unknown) => ({ kind: "FETCH", data: { headers: {}, body: JSON.stringify(value), status: 200 }, revalidate: 60 });
const tick = () => new Promise((r) => setTimeout(r, 3));

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

describe("the cache handler's tags", () => {
  it("a tag invalidation drops exactly the pages and data carrying that tag", async () => {
    const cache = new Handler({ maxMemoryCacheSize: 4 * 1024 * 1024 });
    const [a, b] = [`deck:${randomUUID()}`, `deck:${randomUUID()}`];
    await cache.set("/d/a", page(["catalog", a]), { cacheControl: { revalidate: 60 } });
    await cache.set("/d/b", page(["catalog", b]), { cacheControl: { revalidate: 60 } });
    await cache.set("data-a", data({ slug: "a" }), { fetchCache: true, tags: [a] });
    await tick();
    await cache.revalidateTag([a], { expire: 0 });
    expect(await cache.get("/d/a", pageCtx)).toBeNull();
    expect(await cache.get("data-a", { kind: "FETCH", tags: [a], softTags: [] })).toBeNull();
    const kept = await cache.get("/d/b", pageCtx);
    expect(kept?.value.html).toContain("<script>x</script>");
    // a page rendered after the invalidation is served again
    await tick();
    await cache.set("/d/a", page(["catalog", a]), { cacheControl: { revalidate: 60 } });
    expect(await cache.get("/d/a", pageCtx)).not.toBeNull();
  });

  it("gives a cached page its CSP: the hashes of its inline scripts, no nonce", async () => {
    const cache = new Handler({ maxMemoryCacheSize: 4 * 1024 * 1024 });
    await cache.set("/csp", page(["catalog"]), { cacheControl: { revalidate: 60 } });
    const csp = (await cache.get("/csp", pageCtx))?.value.headers?.["content-security-policy"];
    expect(csp).toContain("'sha256-");
    expect(csp).not.toContain("nonce-");
  });

  it("stays within its memory budget, dropping the least recently used entries", async () => {
    const cache = new Handler({ maxMemoryCacheSize: 4 * 1024 * 1024 });
    const { budget } = Handler.cacheStats();
    const many = Math.ceil(budget / (250 * 1024)) + 20;
    await cache.set("/kept", page(["catalog"]), { cacheControl: { revalidate: 60 } });
    for (let i = 0; i < many; i++) {
      await cache.set(`/cards?q=${i}`, page(["cards"], 250), { cacheControl: { revalidate: 60 } });
      // read often: the most recently used entry stays
      if (i % 4 === 0) expect(await cache.get("/kept", pageCtx)).not.toBeNull();
    }
    const stats = Handler.cacheStats();
    expect(stats.bytes).toBeLessThanOrEqual(budget);
    expect(stats.entries).toBeLessThan(many);
    expect(await cache.get("/cards?q=0", pageCtx)).toBeNull();
    expect(await cache.get(`/cards?q=${many - 1}`, pageCtx)).not.toBeNull();
    expect(await cache.get("/kept", pageCtx)).not.toBeNull();
  });
});

describe("the cache handler's invalidation channel", () => {
  it("uses the same channel as lib/server/cache/invalidate", async () => {
    const { invalidationChannel } = await import("@/lib/server/cache/invalidate");
    expect(Handler.invalidationChannel()).toBe(invalidationChannel());
    expect(invalidationChannel()).toBe(`${prefix}cache:invalidate`);
  });

  it("applies another instance's invalidation and ignores malformed messages", async () => {
    const cache = new Handler({ maxMemoryCacheSize: 4 * 1024 * 1024 });
    const tag = `card:T-${randomUUID()}`;
    await cache.set("/cards/T/1", page([tag]), { cacheControl: { revalidate: 60 } });
    await tick();
    expect(Handler.onMessage("not json")).toBe(false);
    expect(Handler.onMessage(JSON.stringify({ origin: "other", tags: tag }))).toBe(false);
    expect(Handler.onMessage(JSON.stringify({ origin: "other", tags: ["x".repeat(300)] }))).toBe(false);
    expect(await cache.get("/cards/T/1", pageCtx)).not.toBeNull();
    expect(Handler.onMessage(JSON.stringify({ origin: "other", tags: [tag], durations: { expire: 0 } }))).toBe(true);
    expect(await cache.get("/cards/T/1", pageCtx)).toBeNull();
  });

  it("delivers an invalidation published outside the app (the CLI) through Redis", async (ctx) => {
    if (!redisUp) ctx.skip();
    const cache = new Handler({ maxMemoryCacheSize: 4 * 1024 * 1024 });
    await Handler.busReady();
    const tag = `deck:${randomUUID()}`;
    await cache.set("/d/cli", page([tag]), { cacheControl: { revalidate: 60 } });
    await tick();
    const { invalidate } = await import("@/lib/server/cache/invalidate");
    // outside a Next request revalidateTag cannot run: invalidate() publishes instead
    await invalidate([tag]);
    expect(await waitFor(async () => (await cache.get("/d/cli", pageCtx)) === null)).toBe(true);
  });

  it("a session end published by another instance makes this one forget its session checks", async (ctx) => {
    if (!redisUp) ctx.skip();
    const claims = { uid: "u1", sid: "s1", sv: 0 };
    const memo = await import("@/lib/accounts/session-memo");
    new Handler({ maxMemoryCacheSize: 4 * 1024 * 1024 });
    await Handler.busReady();
    memo.rememberSession(claims, true, memo.sessionMemoGeneration());
    expect(memo.rememberedSession(claims)).toBe(true);
    // another instance's sign-out (lib/accounts/session-check.ts publishes on the same channel)
    const { default: Redis } = await import("ioredis");
    const other = new Redis(REDIS_URL);
    await other.publish(Handler.invalidationChannel(), JSON.stringify({ origin: "sessions-other", sessions: true }));
    other.disconnect();
    expect(await waitFor(() => memo.rememberedSession(claims) === undefined)).toBe(true);
  });
});

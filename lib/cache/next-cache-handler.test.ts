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
  const { getRedis } = await import("@/lib/redis");
  await getRedis()?.quit();
  delete process.env.REDIS_URL;
  delete process.env.REDIS_PREFIX;
});

describe("the cache handler's invalidation channel", () => {
  it("uses the same channel as lib/cache/invalidate", async () => {
    const { invalidationChannel } = await import("@/lib/cache/invalidate");
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
    const { invalidate } = await import("@/lib/cache/invalidate");
    // outside a Next request revalidateTag cannot run: invalidate() publishes instead
    await invalidate([tag]);
    expect(await waitFor(() => areTagsExpired([tag], before))).toBe(true);
  });
});

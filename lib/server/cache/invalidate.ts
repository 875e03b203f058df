import "server-only";
import { revalidateTag } from "next/cache";
import { getRedis } from "@/lib/server/redis";

/** Must equal invalidationChannel() in next-cache-handler.cjs (a test checks it). */
export function invalidationChannel(): string {
  return `${process.env.REDIS_PREFIX || "ringbinder:"}cache:invalidate`;
}

/**
 * Invalidates cached public pages and data by tag, at once (`expire: 0`: the
 * next visitor gets a fresh render, never the stale page). Inside the app
 * (server actions, route handlers) this goes through Next's cache, whose
 * handler also tells the other instances; outside it (the CLI, scripts) the
 * tags are published straight to the running instances through Redis, and
 * without Redis the pages refresh within their cache lifetime.
 */
export async function invalidate(tags: Iterable<string>): Promise<void> {
  const list = [...new Set(tags)].filter((t) => t.length > 0 && t.length <= 256);
  if (!list.length) return;
  try {
    for (const tag of list) revalidateTag(tag, { expire: 0 });
  } catch {
    await publish(list);
  }
}

async function publish(tags: string[]): Promise<void> {
  const redis = getRedis();
  if (!redis) return;
  try {
    await redis.publish(invalidationChannel(), JSON.stringify({ origin: `cli-${process.pid}`, tags, durations: { expire: 0 } }));
  } catch (err) {
    console.warn(`Could not publish a cache invalidation (${(err as Error).message}); cached pages refresh within their lifetime.`);
  }
}

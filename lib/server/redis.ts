import "server-only";
import Redis from "ioredis";

const globalForRedis = globalThis as unknown as { ringbinderRedis?: Redis | null };

/**
 * The process's one Redis client when `REDIS_URL` is set, or null: everything
 * that many app instances must share (rate-limit counters, cache invalidation)
 * uses Redis through this client, and falls back to process memory without it.
 */
export function getRedis(): Redis | null {
  if (globalForRedis.ringbinderRedis !== undefined) return globalForRedis.ringbinderRedis;
  const url = process.env.REDIS_URL;
  const client = url
    ? new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true, connectionName: "ringbinder" })
    : null;
  globalForRedis.ringbinderRedis = client;
  return client;
}

import "server-only";
import Redis from "ioredis";

const globalForRedis = globalThis as unknown as { ringbinderRedis?: Redis | null };

/**
 * How long one command may wait for Redis, queued or sent. Past it the command
 * fails and its caller uses its fallback (rate limits count in this instance's
 * memory, signed-in pages render per request): an outage costs a request at
 * most this much, never the seconds of a reconnect cycle.
 */
const REDIS_COMMAND_TIMEOUT_MS = 150;

/**
 * The process's one Redis client when `REDIS_URL` is set, or null: everything
 * that many app instances must share (rate-limit counters, cache invalidation)
 * uses Redis through this client, and falls back to process memory without it.
 *
 * Commands issued while it (re)connects wait in ioredis's queue for at most
 * REDIS_COMMAND_TIMEOUT_MS, and are never retried across reconnects; the
 * client keeps reconnecting (every 0.1 s growing to 2 s) and is used again as
 * soon as Redis answers. An outage is logged once, and its end once.
 */
export function getRedis(): Redis | null {
  if (globalForRedis.ringbinderRedis !== undefined) return globalForRedis.ringbinderRedis;
  const url = process.env.REDIS_URL;
  const client = url
    ? new Redis(url, {
        lazyConnect: false,
        enableOfflineQueue: true,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        maxRetriesPerRequest: 0,
        connectTimeout: 2_000,
        retryStrategy: (times) => Math.min(100 * times, 2_000),
        connectionName: "ringbinder",
      })
    : null;
  if (client) logOutagesOnce(client);
  globalForRedis.ringbinderRedis = client;
  return client;
}

/** One warning when Redis becomes unreachable (not one per reconnect attempt), one line when it is back. */
function logOutagesOnce(client: Redis): void {
  let down = false;
  client.on("error", (err: Error) => {
    if (down) return;
    down = true;
    console.warn(`[redis] unreachable (${err.message}): each instance counts rate limits in its own memory and renders signed-in pages per request until it is back; reconnecting.`);
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    console.warn("[redis] reachable again: shared rate limits and caches are back.");
  });
}

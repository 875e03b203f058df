import "server-only";
import { getRedis } from "@/lib/server/redis";
import type { PrivateView } from "@/lib/server/cache/private-key";

/**
 * The data versions of each user's private pages (docs/caching.md, "Private
 * pages"): one for what /collection shows and one for /decks. The private
 * page cache is keyed by them, so a write that bumps them makes the user's
 * next view a fresh render (read-your-writes) without invalidating anything.
 *
 * Kept where every instance sees them: in Redis when REDIS_URL is set (GET,
 * and INCR to bump), else in process memory (one instance). A version starts
 * at the time it was first needed, in microseconds, and each bump adds one, so
 * one that is lost (a Redis flush or restart, an evicted key, a restarted
 * process) starts again above every value it held before (it would take a
 * bump per microsecond to catch up) and never names an older cached page.
 * (In milliseconds, a version bumped and lost within the same millisecond
 * started again at a value it had already held.)
 * Writes bump after their transaction commits: a view that read the old
 * version while the write was in flight rendered under a version no later
 * view asks for.
 */

/** Versions not bumped or read for this long are dropped (they start again above their old value). */
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;
/** Memory store bound (one instance without Redis): beyond it, the map starts over (every version starts again, higher). */
const MEMORY_MAX = 200_000;

function redisKey(view: PrivateView, uid: string): string {
  return `${process.env.REDIS_PREFIX || "ringbinder:"}private:${view}:${uid}`;
}

type Memory = Map<string, number>;
/** On globalThis: the proxy, the pages and the actions are bundled separately but share one process. */
const memory = ((globalThis as { [k: symbol]: unknown })[Symbol.for("ringbinder.private-versions")] ??= new Map()) as Memory;

// GET, or start the version at ARGV[1] (now, µs) when it is missing; both keep it for KEEP_MS
const READ = `local v = redis.call('GET', KEYS[1])
if not v then v = ARGV[1]; redis.call('SET', KEYS[1], v) end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return v`;
// INCR, starting from ARGV[1] when missing
const BUMP = `if redis.call('EXISTS', KEYS[1]) == 0 then redis.call('SET', KEYS[1], ARGV[1]) end
local v = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return v`;

/** Where a version starts: now, in microseconds (a safe integer until the year 2255). */
function startValue(): number {
  return Math.floor((performance.timeOrigin + performance.now()) * 1000);
}

let warned = false;
function warnOnce(err: unknown) {
  if (warned) return;
  warned = true;
  console.warn(`[private-cache] Redis unavailable (${(err as Error)?.message}); signed-in pages render per request until it is back.`);
}

/**
 * The user's current version of a view, or null when it cannot be known now
 * (Redis unreachable): the caller then renders the page per request.
 */
export async function privateVersion(uid: string, view: PrivateView): Promise<string | null> {
  const redis = getRedis();
  if (!redis) {
    const key = `${view}:${uid}`;
    let v = memory.get(key);
    if (v === undefined) {
      if (memory.size >= MEMORY_MAX) memory.clear();
      v = startValue();
      memory.set(key, v);
    }
    return String(v);
  }
  if (redis.status !== "ready") return null;
  try {
    const v = await redis.eval(READ, 1, redisKey(view, uid), String(startValue()), String(KEEP_MS));
    warned = false;
    return String(v);
  } catch (err) {
    warnOnce(err);
    return null;
  }
}

/**
 * Moves the user's versions of these views on: their next view of them is a
 * fresh render. Called by every DAL write that changes what they show, after
 * its transaction. Never throws (the write is done); without Redis to reach,
 * the other instances render per request anyway (privateVersion answers null).
 */
export async function bumpPrivateViews(uid: string, views: readonly PrivateView[]): Promise<void> {
  const redis = getRedis();
  if (!redis) {
    for (const view of views) {
      const key = `${view}:${uid}`;
      const v = memory.get(key);
      memory.set(key, Math.max((v ?? 0) + 1, startValue()));
    }
    return;
  }
  try {
    await Promise.all(views.map((view) => redis.eval(BUMP, 1, redisKey(view, uid), String(startValue()), String(KEEP_MS))));
  } catch (err) {
    console.warn(`[private-cache] could not record a change of ${views.join(", ")} (${(err as Error).message}); the user's cached page may show the old data until its lifetime ends.`);
  }
}

/**
 * Next.js cache handler (next.config.js `cacheHandler`, the documented
 * get/set/revalidateTag/resetRequestCache interface): the rendered public
 * pages and cached data live in this process's memory (a bounded LRU, never
 * written to disk, so arbitrary search URLs cannot fill the disk), and tag
 * invalidations reach every app instance: with REDIS_URL set, each
 * revalidateTag is published on a Redis channel and applied by the other
 * instances as it arrives; without it, the process is alone and memory is
 * enough. Loaded by Next at run time, so it is plain CommonJS, and it uses
 * nothing of Next but that interface: the LRU and the tag book are its own.
 */
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- Next loads this file at run time as CommonJS */

const { randomUUID } = require("node:crypto");
const { cachedPagePolicy } = require("../csp-policy.cjs");

/** The Redis channel invalidations travel on (REDIS_PREFIX separates deployments sharing one Redis). */
function invalidationChannel() {
  return `${process.env.REDIS_PREFIX || "ringbinder:"}cache:invalidate`;
}

/** The response header Next puts a rendered page's tags in (its explicit tags and its path's implicit ones). */
const TAGS_HEADER = "x-next-cache-tags";
const DEFAULT_BUDGET = 50 * 1024 * 1024;

/**
 * When each tag was last invalidated: `expired` is the time from which an
 * entry made before it is no longer served. One book per process (Next may
 * construct the handler more than once), shared through globalThis.
 */
const tagBook = (globalThis[Symbol.for("ringbinder.cache-tags")] ??= new Map());

/** Marks tags invalidated now (`expire` seconds later when a duration is given; at once by default). */
function expireTags(tags, durations) {
  const now = Date.now();
  const expire = durations && typeof durations.expire === "number" && durations.expire > 0 ? durations.expire * 1000 : 0;
  for (const tag of tags) tagBook.set(tag, now + expire);
}

/** True when one of the tags was invalidated after `since` (and that invalidation is in force now). */
function tagsExpiredSince(tags, since) {
  const now = Date.now();
  for (const tag of tags) {
    const at = tagBook.get(tag);
    if (at !== undefined && at <= now && at >= since) return true;
  }
  return false;
}

/** A bounded LRU of entries, by their approximate size in bytes (a Map keeps insertion order: oldest first). */
class Lru {
  constructor(budget) {
    this.budget = budget;
    this.size = 0;
    this.map = new Map();
  }
  get(key) {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.entry;
  }
  set(key, entry) {
    this.delete(key);
    const bytes = key.length + entrySize(entry.value);
    if (bytes > this.budget) return;
    this.map.set(key, { entry, bytes });
    this.size += bytes;
    for (const [oldest, { bytes: b }] of this.map) {
      if (this.size <= this.budget) break;
      this.map.delete(oldest);
      this.size -= b;
    }
  }
  delete(key) {
    const hit = this.map.get(key);
    if (!hit) return;
    this.map.delete(key);
    this.size -= hit.bytes;
  }
}

function bytes(b) {
  return (b && b.length) || 0;
}

/** An entry's size: a page's HTML, RSC payload and segment data; other kinds by their JSON. */
function entrySize(value) {
  if (!value) return 25;
  if (value.kind === "APP_PAGE" || value.kind === "PAGES") {
    let size = bytes(value.html) + bytes(value.rscData) + bytes(value.postponed);
    if (value.segmentData) for (const [p, b] of value.segmentData) size += p.length + bytes(b);
    return Math.max(1, size);
  }
  if (value.kind === "APP_ROUTE") return Math.max(1, bytes(value.body));
  if (value.kind === "FETCH") return Math.max(1, JSON.stringify(value.data || "").length);
  return Math.max(1, JSON.stringify(value).length || 1);
}

const store = { lru: null };
function lru(budget) {
  return (store.lru ??= new Lru(budget || DEFAULT_BUDGET));
}

/** The tags an entry answers to: a page's from its tags header, data's from the read's context. */
function tagsOf(entry, ctx) {
  const value = entry.value;
  if (value && (value.kind === "APP_PAGE" || value.kind === "APP_ROUTE" || value.kind === "PAGES")) {
    const header = value.headers && value.headers[TAGS_HEADER];
    return typeof header === "string" && header ? header.split(",") : [];
  }
  if (value && value.kind === "FETCH") return [...((ctx && ctx.tags) || []), ...((ctx && ctx.softTags) || []), ...(value.tags || [])];
  return [];
}

const INSTANCE = randomUUID();
const bus = { started: false, publisher: null, subscriber: null, warned: false };

function warnOnce(err) {
  if (bus.warned) return;
  bus.warned = true;
  console.warn(`[cache] Redis invalidation channel unavailable (${err && err.message}); cached pages fall back to their lifetime until it is back.`);
}

/**
 * Parses and applies a message from another instance; ignores our own and
 * malformed ones. `{ sessions: true }`: a session ended somewhere (sign-out,
 * "sign out everywhere", password change): this instance forgets its session
 * checks (lib/accounts/session-check.ts publishes it, lib/accounts/session-memo.ts
 * registers `forget` on the shared memo).
 */
function onMessage(raw) {
  let msg;
  try {
    msg = JSON.parse(raw);
  } catch {
    return false;
  }
  if (msg && msg.sessions === true) {
    const memo = globalThis[Symbol.for("ringbinder.session-checks")];
    if (memo && typeof memo.forget === "function") memo.forget();
    return true;
  }
  if (!msg || msg.origin === INSTANCE || !Array.isArray(msg.tags)) return false;
  const tags = msg.tags.filter((t) => typeof t === "string" && t.length > 0 && t.length <= 256);
  if (!tags.length) return false;
  expireTags(tags, msg.durations && typeof msg.durations === "object" ? msg.durations : undefined);
  return true;
}

function startBus() {
  if (bus.started) return;
  bus.started = true;
  const url = process.env.REDIS_URL;
  // a build renders pages but serves nobody: it needs no channel (and must be able to exit)
  if (!url || process.env.NEXT_PHASE === "phase-production-build") return;
  const IORedis = require("ioredis");
  const Redis = IORedis.default || IORedis;
  const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true, connectionName: "ringbinder-cache" };
  // a publish waits at most 150 ms for Redis (queued while it reconnects, never retried): a write is not held by an outage
  bus.publisher = new Redis(url, { ...options, maxRetriesPerRequest: 0, commandTimeout: 150 });
  bus.subscriber = new Redis(url, options);
  bus.publisher.on("error", warnOnce);
  bus.subscriber.on("error", warnOnce);
  bus.subscriber.on("ready", () => (bus.warned = false));
  bus.subscriber.subscribe(invalidationChannel()).catch(warnOnce);
  bus.subscriber.on("message", (channel, raw) => {
    if (channel === invalidationChannel()) onMessage(raw);
  });
}

/**
 * Gives a cached page its Content-Security-Policy: the hashes of exactly the
 * inline scripts in its HTML (no nonce: the HTML is the same for everyone).
 * Next sends an entry's headers with the page, on the render that filled the
 * cache (it hands this very object to set() before answering) and on every hit.
 */
function withPolicy(value) {
  if (!value || value.kind !== "APP_PAGE" || typeof value.html !== "string" || !value.html) return;
  const headers = value.headers || (value.headers = {});
  if (!headers["content-security-policy"]) headers["content-security-policy"] = cachedPagePolicy(value.html);
}

class RingbinderCacheHandler {
  constructor(ctx) {
    this.budget = (ctx && ctx.maxMemoryCacheSize) || DEFAULT_BUDGET;
    startBus();
  }

  /** The entry under `key`, or null when absent or when one of its tags was invalidated since it was stored. */
  async get(key, ctx) {
    const entry = lru(this.budget).get(key);
    if (!entry) return null;
    if (tagsExpiredSince(tagsOf(entry, ctx), entry.lastModified)) {
      lru(this.budget).delete(key);
      return null;
    }
    withPolicy(entry.value);
    return entry;
  }

  async set(key, data, ctx) {
    if (!data) {
      lru(this.budget).delete(key);
      return;
    }
    withPolicy(data);
    lru(this.budget).set(key, { value: data, lastModified: Date.now(), cacheControl: ctx && !ctx.fetchCache ? ctx.cacheControl : undefined });
  }

  async revalidateTag(tags, durations) {
    const list = (typeof tags === "string" ? [tags] : tags).filter((t) => typeof t === "string" && t.length > 0);
    if (!list.length) return;
    expireTags(list, durations);
    if (bus.publisher) {
      await bus.publisher.publish(invalidationChannel(), JSON.stringify({ origin: INSTANCE, tags: list, durations })).catch(warnOnce);
    }
  }

  resetRequestCache() {}
}

/** Closes the Redis connections (tests, and a clean shutdown). */
async function closeBus() {
  const clients = [bus.publisher, bus.subscriber].filter(Boolean);
  bus.publisher = bus.subscriber = null;
  bus.started = false;
  await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
}

module.exports = RingbinderCacheHandler;
module.exports.default = RingbinderCacheHandler;
module.exports.invalidationChannel = invalidationChannel;
module.exports.onMessage = onMessage;
module.exports.withPolicy = withPolicy;
module.exports.closeBus = closeBus;
module.exports.cacheStats = () => ({ entries: store.lru ? store.lru.map.size : 0, bytes: store.lru ? store.lru.size : 0, budget: store.lru ? store.lru.budget : 0 });
module.exports.busReady = () => (bus.subscriber ? new Promise((resolve) => (bus.subscriber.status === "ready" ? resolve() : bus.subscriber.once("ready", resolve))) : Promise.resolve());

/**
 * Next.js cache handler (next.config.js `cacheHandler`): the rendered public
 * pages and cached data live in this process's memory (a bounded LRU, never
 * written to disk, so arbitrary search URLs cannot fill the disk), and tag
 * invalidations reach every app instance: with REDIS_URL set, each
 * revalidateTag/revalidatePath is published on a Redis channel and applied by
 * the other instances as it arrives; without it, the process is alone and
 * memory is enough. Loaded by Next at run time, so it is plain CommonJS.
 */
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- Next loads this file at run time as CommonJS */

const { randomUUID } = require("node:crypto");
const FileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache").default;
const { LRUCache } = require("next/dist/server/lib/lru-cache");
const { areTagsExpired } = require("next/dist/server/lib/incremental-cache/tags-manifest.external");
const { cachedPagePolicy } = require("../csp-policy.cjs");
const { PRIVATE_PREFIX } = require("./private-routes.cjs");

/** The Redis channel invalidations travel on (REDIS_PREFIX separates deployments sharing one Redis). */
function invalidationChannel() {
  return `${process.env.REDIS_PREFIX || "ringbinder:"}cache:invalidate`;
}

const INSTANCE = randomUUID();
const bus = { started: false, publisher: null, subscriber: null, warned: false, subscribed: false };

function warnOnce(err) {
  if (bus.warned) return;
  bus.warned = true;
  console.warn(`[cache] Redis invalidation channel unavailable (${err && err.message}); cached pages fall back to their lifetime until it is back.`);
}

/** Applies an invalidation in this process exactly as Next's own revalidateTag does (the shared tags manifest). */
function applyLocally(tags, durations) {
  return FileSystemCache.prototype.revalidateTag.call(null, tags, durations);
}

/**
 * The session-check memo (lib/accounts/session-memo.ts), shared on globalThis with
 * the app's bundles: created here if this runs first (the module adopts it).
 */
function sessionMemo() {
  const key = Symbol.for("ringbinder.session-checks");
  return (globalThis[key] ??= { cache: new Map(), generation: 0 });
}

/** Whether every instance's session ends reach this one now (read by the proxy: session-memo.ts vouchWindowMs). */
function setSessionEndsReachHere(value) {
  sessionMemo().endsReachHere = value;
}

/**
 * Parses and applies a message from another instance; ignores our own and
 * malformed ones. `{ sessions: true }`: a session ended somewhere (sign-out,
 * "sign out everywhere", password change): this instance forgets its session
 * checks (lib/accounts/session-check.ts publishes it).
 */
function onMessage(raw) {
  let msg;
  try {
    msg = JSON.parse(raw);
  } catch {
    return false;
  }
  if (msg && msg.sessions === true) {
    const memo = sessionMemo();
    if (typeof memo.forget === "function") memo.forget();
    else {
      memo.generation++;
      memo.cache.clear();
    }
    return true;
  }
  if (!msg || msg.origin === INSTANCE || !Array.isArray(msg.tags)) return false;
  const tags = msg.tags.filter((t) => typeof t === "string" && t.length > 0 && t.length <= 256);
  if (!tags.length) return false;
  const durations = msg.durations && typeof msg.durations === "object" ? msg.durations : undefined;
  void applyLocally(tags, durations);
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
  bus.publisher = new Redis(url, options);
  bus.subscriber = new Redis(url, options);
  bus.publisher.on("error", warnOnce);
  bus.subscriber.on("error", warnOnce);
  // session ends from other instances arrive only while subscribed: the proxy vouches for sessions longer only then
  // (ioredis subscribes again by itself when it reconnects, before "ready")
  bus.subscriber.on("ready", () => {
    bus.warned = false;
    if (bus.subscribed) setSessionEndsReachHere(true);
  });
  bus.subscriber.on("close", () => setSessionEndsReachHere(false));
  bus.subscriber
    .subscribe(invalidationChannel())
    .then(() => {
      bus.subscribed = true;
      setSessionEndsReachHere(true);
    })
    .catch(warnOnce);
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

/**
 * The private page cache (signed-in /collection and /decks, app/cached/private):
 * entries of one user each, about 250 KB, kept in a memory budget of their own
 * (PRIVATE_PAGE_CACHE_MB, 100 MB by default) so that however many users sign
 * in, they evict each other and never the public pages. Never on disk.
 */
const PRIVATE_KEY_PART = `${PRIVATE_PREFIX}/`;

function isPrivateKey(key) {
  return typeof key === "string" && key.includes(PRIVATE_KEY_PART);
}

function privateBudgetBytes() {
  const mb = Number(process.env.PRIVATE_PAGE_CACHE_MB);
  return (Number.isFinite(mb) && mb > 0 ? mb : 100) * 1024 * 1024;
}

function bytes(b) {
  return (b && b.length) || 0;
}

/** An entry's size as Next's own memory cache counts it (HTML, RSC payload and segment data). */
function entrySize({ value }, key) {
  let size = 25;
  if (value && value.kind === "APP_PAGE") {
    size = bytes(value.html) + bytes(value.rscData) + bytes(value.postponed);
    if (value.segmentData) for (const [p, b] of value.segmentData) size += p.length + bytes(b);
  } else if (value) {
    size = JSON.stringify(value).length;
  }
  return key.length + Math.max(1, size);
}

const privatePages = { lru: null };
function privateLru() {
  return (privatePages.lru ??= new LRUCache(privateBudgetBytes(), entrySize));
}

class RingbinderCacheHandler extends FileSystemCache {
  constructor(ctx) {
    super({ ...ctx, flushToDisk: false, maxMemoryCacheSize: ctx.maxMemoryCacheSize || 50 * 1024 * 1024 });
    startBus();
  }

  async get(...args) {
    const [key] = args;
    const entry = isPrivateKey(key) ? privateGet(key) : await super.get(...args);
    if (entry) withPolicy(entry.value);
    return entry;
  }

  async set(key, data, ctx) {
    withPolicy(data);
    if (isPrivateKey(key)) {
      // as FileSystemCache.set keeps it in memory (no disk here), in the private budget
      if (data) privateLru().set(key, { value: data, lastModified: Date.now(), cacheControl: ctx && !ctx.fetchCache ? ctx.cacheControl : undefined });
      return;
    }
    return super.set(key, data, ctx);
  }

  async revalidateTag(tags, durations) {
    const list = typeof tags === "string" ? [tags] : tags;
    await super.revalidateTag(list, durations);
    if (bus.publisher && list.length) {
      await bus.publisher.publish(invalidationChannel(), JSON.stringify({ origin: INSTANCE, tags: list, durations })).catch(warnOnce);
    }
  }
}

/** A private page from its budget, or null when absent or when one of its tags was invalidated since it was rendered. */
function privateGet(key) {
  const entry = privateLru().get(key);
  if (!entry) return null;
  const tags = entry.value && entry.value.headers && entry.value.headers["x-next-cache-tags"];
  if (typeof tags === "string" && tags && areTagsExpired(tags.split(","), entry.lastModified)) return null;
  return entry;
}

/** Closes the Redis connections (tests, and a clean shutdown). */
async function closeBus() {
  const clients = [bus.publisher, bus.subscriber].filter(Boolean);
  bus.publisher = bus.subscriber = null;
  bus.started = false;
  bus.subscribed = false;
  setSessionEndsReachHere(false);
  await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
}

module.exports = RingbinderCacheHandler;
module.exports.default = RingbinderCacheHandler;
module.exports.invalidationChannel = invalidationChannel;
module.exports.onMessage = onMessage;
module.exports.withPolicy = withPolicy;
module.exports.closeBus = closeBus;
module.exports.isPrivateKey = isPrivateKey;
module.exports.privateCacheStats = () => ({ entries: privatePages.lru ? privatePages.lru.size : 0, bytes: privatePages.lru ? privatePages.lru.currentSize : 0, budget: privateBudgetBytes() });
module.exports.busReady = () => (bus.subscriber ? new Promise((resolve) => (bus.subscriber.status === "ready" ? resolve() : bus.subscriber.once("ready", resolve))) : Promise.resolve());

import "server-only";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getRedis } from "@/lib/server/redis";
import { RateLimitedError } from "@/lib/server/errors";

/** What is limited, and by which key (an email, a client address or a user id). */
export type LimitKind =
  | "signin-email"
  | "signin-pair"
  | "signin-address"
  | "signup-address"
  | "signup-email"
  | "import"
  | "deck-write"
  | "collection-write"
  | "comment"
  | "like"
  | "report"
  | "moderation"
  | "deck-view"
  | "account"
  | "reset-email"
  | "reset-address"
  | "play-action"
  | "play-stream"
  | "play-game"
  | "play-chat"
  | "ladder-queue"
  | "practice-report"
  | "event-write"
  | "api-address"
  | "api-key"
  | "census-submit"
  | "census-vote"
  | "census-upload"
  | "trade-propose"
  | "trade-write";

type Rule = { points: number; duration: number; blockDuration?: number; what: string };

/**
 * Default limits: `points` attempts per `duration` seconds, then refused until the
 * window ends (or for `blockDuration` seconds). Each can be changed with an
 * environment variable RATE_LIMIT_<KIND> = "points/seconds", e.g. RATE_LIMIT_SIGNIN_EMAIL=10/900.
 */
export const DEFAULT_LIMITS: Record<LimitKind, Rule> = {
  // the current password, asked again by a signed-in user before a password change or an account deletion
  "signin-email": { points: 10, duration: 15 * 60, blockDuration: 15 * 60, what: "password checks for this account" },
  // sign-in: failed passwords only, free up to `points` per window, then growing waits (BACKOFF below)
  "signin-pair": { points: 5, duration: 15 * 60, what: "failed sign-ins for this account from your network" },
  "signin-address": { points: 100, duration: 15 * 60, what: "failed sign-ins from your network" },
  "signup-address": { points: 10, duration: 60 * 60, what: "new accounts from your network" },
  // the mail a sign-up sends (welcome, or "you already have an account"): a flood of sign-ups for one address sends few
  "signup-email": { points: 3, duration: 60 * 60, what: "sign-up mails to this email" },
  import: { points: 60, duration: 60 * 60, what: "imports" },
  "deck-write": { points: 300, duration: 10 * 60, what: "deck changes" },
  "collection-write": { points: 1200, duration: 10 * 60, what: "collection changes" },
  comment: { points: 30, duration: 10 * 60, what: "comment changes" },
  like: { points: 120, duration: 10 * 60, what: "likes" },
  report: { points: 20, duration: 60 * 60, what: "reports" },
  moderation: { points: 600, duration: 10 * 60, what: "moderation actions" },
  // Views are counted once per visitor per day anyway; this bounds the database work of a flood from one address.
  "deck-view": { points: 300, duration: 10 * 60, what: "deck views" },
  account: { points: 20, duration: 60 * 60, what: "account changes" },
  "trade-propose": { points: 20, duration: 60 * 60, what: "trade proposals" },
  "trade-write": { points: 300, duration: 10 * 60, what: "trade list changes" },
  "reset-email": { points: 5, duration: 60 * 60, what: "password reset requests for this email" },
  "reset-address": { points: 20, duration: 60 * 60, what: "password reset requests from your network" },
  // a live game asks a person for a few actions a minute; this bounds a flood from one account across all its games
  "play-action": { points: 240, duration: 60, what: "game actions" },
  // every open game page holds one stream, and a dropped one reconnects: opened streams per account or address
  "play-stream": { points: 120, duration: 60, what: "game connections" },
  "play-game": { points: 60, duration: 60 * 60, what: "new games" },
  // chat in games (both rooms together): a burst of presets is fine, a flood is not
  "play-chat": { points: 8, duration: 20, what: "chat messages" },
  // the ladder page asks the queue every 3 s while waiting (joins and leaves count too)
  "ladder-queue": { points: 60, duration: 60, what: "matchmaking requests" },
  // an organiser enters a result per table each round: an evening of 64 players is well inside
  "event-write": { points: 120, duration: 60, what: "event changes" },
  "practice-report": { points: 60, duration: 60 * 60, what: "practice results" },
  // the public read API (/api/v1): per address without a key, per key with one (published on /developers)
  "api-address": { points: 300, duration: 60, what: "API requests from your network" },
  "api-key": { points: 1200, duration: 60, what: "API requests with this key" },
  // the card census (lib/census): new printings, confirmations/disputes/answers, and photo uploads (each up to 4 MB, re-encoded)
  "census-submit": { points: 30, duration: 60 * 60, what: "census submissions" },
  "census-vote": { points: 300, duration: 60 * 60, what: "census confirmations and disputes" },
  "census-upload": { points: 60, duration: 60 * 60, what: "census photo uploads" },
};

function envName(kind: LimitKind): string {
  return `RATE_LIMIT_${kind.replace(/-/g, "_").toUpperCase()}`;
}

/** The rule in force for a kind: the default, or the environment's "points/seconds". */
export function ruleFor(kind: LimitKind): Rule {
  const base = DEFAULT_LIMITS[kind];
  const raw = process.env[envName(kind)];
  const m = raw?.trim().match(/^(\d{1,9})\s*\/\s*(\d{1,9})$/);
  if (!m) return base;
  const points = Number(m[1]);
  const duration = Number(m[2]);
  if (points < 1 || duration < 1) return base;
  return { ...base, points, duration, blockDuration: base.blockDuration ? duration : undefined };
}

const globalForLimits = globalThis as unknown as { ringbinderLimiters?: Map<string, RateLimiterAbstract> };

function limiter(kind: LimitKind): RateLimiterAbstract {
  const prefix = process.env.RATE_LIMIT_PREFIX || "rb:rl";
  const rule = ruleFor(kind);
  const id = `${prefix}:${kind}:${rule.points}/${rule.duration}`;
  const cache = (globalForLimits.ringbinderLimiters ??= new Map());
  const existing = cache.get(id);
  if (existing) return existing;
  const opts = { keyPrefix: `${prefix}:${kind}`, points: rule.points, duration: rule.duration, blockDuration: rule.blockDuration ?? 0 };
  const memory = new RateLimiterMemory(opts);
  const redis = getRedis();
  // With Redis every instance counts together; if Redis is unreachable, each instance falls back to its own memory.
  const made = redis ? new RateLimiterRedis({ ...opts, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: memory }) : memory;
  cache.set(id, made);
  return made;
}

/**
 * Kinds limited by growing waits instead of a hard lock: past its free
 * failures, failure n (counting from 1 past them) makes the key wait
 * min(cap, base × 2^(n−1)) seconds before its next try.
 */
const BACKOFF: Partial<Record<LimitKind, { base: number; cap: number }>> = {
  "signin-pair": { base: 1, cap: 15 * 60 },
  "signin-address": { base: 1, cap: 5 * 60 },
};

/** Where a backoff kind keeps its current wait: one point, "blocked" for the wait's seconds. */
function waitLimiter(kind: LimitKind): RateLimiterAbstract {
  const prefix = process.env.RATE_LIMIT_PREFIX || "rb:rl";
  const id = `${prefix}:${kind}:wait`;
  const cache = (globalForLimits.ringbinderLimiters ??= new Map());
  const existing = cache.get(id);
  if (existing) return existing;
  const opts = { keyPrefix: id, points: 1, duration: BACKOFF[kind]?.cap ?? 60 };
  const memory = new RateLimiterMemory(opts);
  const redis = getRedis();
  const made = redis ? new RateLimiterRedis({ ...opts, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: memory }) : memory;
  cache.set(id, made);
  return made;
}

function keyOf(key: string): string {
  return key.trim().toLowerCase().slice(0, 200) || "unknown";
}

/**
 * Counts one request of `kind` for `key` and throws RateLimitedError (code
 * 'rate/limited', with the seconds to wait) when it is over the limit. Every
 * write that a person can repeat cheaply goes through this one helper.
 */
export async function limit(kind: LimitKind, key: string): Promise<void> {
  try {
    await limiter(kind).consume(keyOf(key), 1);
  } catch (e) {
    if (isOverLimit(e)) throw new RateLimitedError(Math.max(1, Math.ceil(e.msBeforeNext / 1000)), ruleFor(kind).what);
    throw e;
  }
}

/** A window's state after a request was counted: the limit, what is left of it, and the seconds until it resets. */
export type Quota = { limit: number; remaining: number; resetSeconds: number };

/**
 * Counts one request like `limit`, and says how much of the window is left
 * (for the IETF RateLimit-* headers of the public API). Over the limit it
 * throws RateLimitedError carrying the quota (remaining 0).
 */
export async function meter(kind: LimitKind, key: string): Promise<Quota> {
  const points = ruleFor(kind).points;
  try {
    const res = await limiter(kind).consume(keyOf(key), 1);
    return { limit: points, remaining: Math.max(0, points - res.consumedPoints), resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
  } catch (e) {
    if (isOverLimit(e)) {
      const wait = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
      throw Object.assign(new RateLimitedError(wait, ruleFor(kind).what), { quota: { limit: points, remaining: 0, resetSeconds: wait } satisfies Quota });
    }
    throw e;
  }
}

/**
 * rate-limiter-flexible refuses with a RateLimiterRes (not an Error; store
 * failures are Errors). Not `instanceof`: the limiters are shared through
 * globalThis by every bundle of the server (the proxy is bundled apart from
 * the routes, with its own copy of the library), so the refusal may come from
 * another copy of the class.
 */
function isOverLimit(e: unknown): e is RateLimiterRes {
  return e instanceof RateLimiterRes || (typeof e === "object" && e !== null && !(e instanceof Error) && typeof (e as { msBeforeNext?: unknown }).msBeforeNext === "number");
}

/** Seconds until `key` may try `kind` again without counting an attempt; 0 when it may now. */
export async function retryAfter(kind: LimitKind, key: string): Promise<number> {
  const res = await limiter(kind).get(keyOf(key));
  if (!res || res.consumedPoints <= ruleFor(kind).points) return 0;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** Throws RateLimitedError if `key` is over the limit for `kind`, without counting this request. */
export async function assertNotLimited(kind: LimitKind, key: string): Promise<void> {
  const wait = await retryAfter(kind, key);
  if (wait > 0) throw new RateLimitedError(wait, ruleFor(kind).what);
}

/** Seconds `key` must still wait before its next try of a backoff kind (0: it may try now). Counts nothing. */
export async function backoffWait(kind: LimitKind, key: string): Promise<number> {
  const res = await waitLimiter(kind).get(keyOf(key));
  if (!res || res.consumedPoints <= 1 || res.msBeforeNext <= 0) return 0;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** Counts one failure of `key` for a backoff kind; returns the wait it now owes (0 while within its free failures). */
export async function recordFailure(kind: LimitKind, key: string): Promise<number> {
  const backoff = BACKOFF[kind];
  if (!backoff) throw new Error(`${kind} is not limited by backoff`);
  const res = await limiter(kind).penalty(keyOf(key), 1);
  const over = res.consumedPoints - ruleFor(kind).points;
  if (over <= 0) return 0;
  const seconds = Math.min(backoff.cap, backoff.base * 2 ** Math.min(over - 1, 30));
  await waitLimiter(kind).block(keyOf(key), seconds);
  return seconds;
}

/** Forgets the failures and the wait of `key` for a backoff kind (a successful sign-in clears its own pair). */
export async function clearFailures(kind: LimitKind, key: string): Promise<void> {
  await Promise.all([limiter(kind).delete(keyOf(key)), waitLimiter(kind).delete(keyOf(key))]);
}

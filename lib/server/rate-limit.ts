import "server-only";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getRedis } from "@/lib/server/redis";
import { RateLimitedError } from "@/lib/server/errors";

/** What is limited, and by which key (an email, a client address or a user id). */
export type LimitKind =
  | "signin-email"
  | "signin-address"
  | "signup-address"
  | "import"
  | "suggestion"
  | "deck-write"
  | "collection-write"
  | "comment"
  | "like"
  | "report"
  | "moderation"
  | "deck-view"
  | "account"
  | "reset-email"
  | "reset-address";

type Rule = { points: number; duration: number; blockDuration?: number; what: string };

/**
 * Default limits: `points` attempts per `duration` seconds, then refused until the
 * window ends (or for `blockDuration` seconds). Each can be changed with an
 * environment variable RATE_LIMIT_<KIND> = "points/seconds", e.g. RATE_LIMIT_SIGNIN_EMAIL=10/900.
 */
export const DEFAULT_LIMITS: Record<LimitKind, Rule> = {
  "signin-email": { points: 10, duration: 15 * 60, blockDuration: 15 * 60, what: "sign-in attempts for this account" },
  "signin-address": { points: 50, duration: 15 * 60, blockDuration: 15 * 60, what: "sign-in attempts from your network" },
  "signup-address": { points: 10, duration: 60 * 60, what: "new accounts from your network" },
  import: { points: 60, duration: 60 * 60, what: "imports" },
  suggestion: { points: 30, duration: 60 * 60, what: "card suggestions" },
  "deck-write": { points: 300, duration: 10 * 60, what: "deck changes" },
  "collection-write": { points: 1200, duration: 10 * 60, what: "collection changes" },
  comment: { points: 30, duration: 10 * 60, what: "comment changes" },
  like: { points: 120, duration: 10 * 60, what: "likes" },
  report: { points: 20, duration: 60 * 60, what: "reports" },
  moderation: { points: 600, duration: 10 * 60, what: "moderation actions" },
  // Views are counted once per visitor per day anyway; this bounds the database work of a flood from one address.
  "deck-view": { points: 300, duration: 10 * 60, what: "deck views" },
  account: { points: 20, duration: 60 * 60, what: "account changes" },
  "reset-email": { points: 5, duration: 60 * 60, what: "password reset requests for this email" },
  "reset-address": { points: 20, duration: 60 * 60, what: "password reset requests from your network" },
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

/** Forgets the count of `key` (a successful sign-in clears its email's failures). */
export async function resetLimit(kind: LimitKind, key: string): Promise<void> {
  await limiter(kind).delete(keyOf(key));
}

/**
 * The memo of session checks (lib/accounts/session-check.ts): per instance, the
 * last answer about a session token (account exists, session version current,
 * sid not signed out), trusted for a few seconds. Pure (no database).
 *
 * One memo per process, kept on globalThis: Next bundles the proxy, route
 * handlers and pages separately, and a sign-out handled by one must clear
 * what the others read. `generation` is bumped by forgetSessionChecks: an
 * answer read before a sign-out here is not kept after it.
 */

/**
 * How long one instance trusts its last answer about a token (other instances
 * see a sign-out within this; with Redis they forget at once: the session end
 * is published, lib/server/cache/next-cache-handler.cjs applies it).
 */
const SESSION_CHECK_MS = 5_000;
const MAX_ENTRIES = 10_000;

export type SessionClaims = { uid: string; sv: number; sid: string };

type Memo = { cache: Map<string, { checkedAt: number; current: boolean }>; generation: number; forget?: () => void };

const shared = ((globalThis as { [k: symbol]: unknown })[Symbol.for("ringbinder.session-checks")] ??= {
  cache: new Map<string, { checkedAt: number; current: boolean }>(),
  generation: 0,
}) as Memo;
// the cache handler (CommonJS, outside the bundles) forgets through this when another instance ends a session
shared.forget = forgetSessionChecks;

function keyOf(token: SessionClaims): string {
  return `${token.uid}:${token.sid}:${token.sv}`;
}

/** The memo's answer about a token checked at most SESSION_CHECK_MS ago: true (current), false (ended), or undefined (not known now). */
export function rememberedSession(token: SessionClaims, now = Date.now()): boolean | undefined {
  const hit = shared.cache.get(keyOf(token));
  return hit && now - hit.checkedAt < SESSION_CHECK_MS ? hit.current : undefined;
}

/** The memo's generation, read before asking the database (see rememberSession). */
export function sessionMemoGeneration(): number {
  return shared.generation;
}

/**
 * Keeps an answer read from the database, unless a sign-out on this instance
 * happened since `askedAt` (that answer may predate it): returns whether it was kept.
 */
export function rememberSession(token: SessionClaims, current: boolean, askedAt: number): boolean {
  if (askedAt !== shared.generation) return false;
  if (shared.cache.size >= MAX_ENTRIES) shared.cache.clear();
  shared.cache.set(keyOf(token), { checkedAt: Date.now(), current });
  return true;
}

/** Forgets this instance's answers (after a sign-out or a session version change here). */
export function forgetSessionChecks(): void {
  shared.generation++;
  shared.cache.clear();
}

/**
 * The memo of session checks (lib/accounts/session-check.ts): per instance, the
 * last answer about a session token (account exists, session version current,
 * sid not signed out), trusted for a few seconds. Pure (no database), so the
 * proxy can read it to vouch for a session without a query: it only reads,
 * and a session it finds no fresh answer for goes to the page that does the
 * full check (docs/caching.md, private pages).
 *
 * One memo per process, kept on globalThis: Next bundles the proxy, route
 * handlers and pages separately, and a sign-out handled by one must clear
 * what the others read. `generation` is bumped by forgetSessionChecks: an
 * answer read before a sign-out here is not kept after it.
 */

/** How long one instance trusts its last answer about a token (other instances see a sign-out within this). */
export const SESSION_CHECK_MS = 5_000;
/**
 * How long the proxy vouches for a session from the memo, to serve the private
 * page cache, when every session end reaches this instance at once: it is
 * alone (no REDIS_URL: every sign-out, "sign out everywhere" and password
 * change runs here and forgets the memo), or its Redis channel is up (each
 * instance forgets on every instance's session end: lib/accounts/session-check.ts
 * publishes, lib/server/cache/next-cache-handler.cjs applies). Otherwise SESSION_CHECK_MS.
 */
export const VOUCH_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

export type SessionClaims = { uid: string; sv: number; sid: string };

type Memo = { cache: Map<string, { checkedAt: number; current: boolean }>; generation: number; forget?: () => void; endsReachHere?: boolean };

const shared = ((globalThis as { [k: symbol]: unknown })[Symbol.for("ringbinder.session-checks")] ??= {
  cache: new Map<string, { checkedAt: number; current: boolean }>(),
  generation: 0,
}) as Memo;
// the cache handler (CommonJS, outside the bundles) forgets through this when another instance ends a session
shared.forget = forgetSessionChecks;

function keyOf(token: SessionClaims): string {
  return `${token.uid}:${token.sid}:${token.sv}`;
}

/** The memo's answer about a token checked at most `maxAgeMs` ago: true (current), false (ended), or undefined (not known now). */
export function rememberedSession(token: SessionClaims, maxAgeMs = SESSION_CHECK_MS, now = Date.now()): boolean | undefined {
  const hit = shared.cache.get(keyOf(token));
  return hit && now - hit.checkedAt < maxAgeMs ? hit.current : undefined;
}

/**
 * How long this instance may vouch for a session from its memo: VOUCH_MS when
 * every session end reaches it at once (alone, or its Redis channel is up:
 * next-cache-handler.cjs sets `endsReachHere`), else SESSION_CHECK_MS.
 */
export function vouchWindowMs(): number {
  return !process.env.REDIS_URL || shared.endsReachHere === true ? VOUCH_MS : SESSION_CHECK_MS;
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

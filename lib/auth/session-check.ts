import "server-only";
import { sessionState } from "@/lib/dal/session-tokens";

/** How long one instance trusts its last answer about a token (other instances see a sign-out within this). */
const CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;
/**
 * One cache per process, kept on globalThis: Next bundles route handlers and
 * pages separately, and a sign-out handled by one must clear what the others read.
 * `generation` is bumped by forgetSessionChecks: an answer read before a
 * sign-out here is not cached after it.
 */
const shared = ((globalThis as { [k: symbol]: unknown })[Symbol.for("ringbinder.session-checks")] ??= {
  cache: new Map<string, { until: number; current: boolean }>(),
  generation: 0,
}) as { cache: Map<string, { until: number; current: boolean }>; generation: number };
const cache = shared.cache;

/**
 * True when a session token may still be used: its account exists, the token
 * was issued under the account's current session version (no "sign out
 * everywhere" or password change since), and it was not signed out. Cached
 * for a few seconds per instance.
 */
export async function sessionIsCurrent(token: { uid: string; sv: number; sid: string }): Promise<boolean> {
  const key = `${token.uid}:${token.sid}:${token.sv}`;
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.current;
  const asked = shared.generation;
  const state = await sessionState(token.uid, token.sid);
  const current = state.version !== null && state.version === token.sv && !state.revoked;
  // a sign-out on this instance while the database was read: that answer may predate it, so it is not kept
  if (asked !== shared.generation) return current && (await sessionIsCurrent(token));
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { until: Date.now() + CACHE_MS, current });
  return current;
}

/** Forgets this instance's cached answers (after a sign-out or a session version change here). */
export function forgetSessionChecks(): void {
  shared.generation++;
  cache.clear();
}

import "server-only";
import { sessionState } from "@/lib/accounts/data/session-tokens";
import { forgetSessionChecks as forgetHere, rememberedSession, rememberSession, sessionMemoGeneration, type SessionClaims } from "@/lib/accounts/session-memo";
import { getRedis } from "@/lib/server/redis";
import { invalidationChannel } from "@/lib/server/cache/invalidate";

/**
 * After a session ends here (sign-out, "sign out everywhere", password change
 * or reset, account deletion): forgets this instance's answers at once and
 * tells the other instances over the cache invalidation channel, where their
 * cache handler forgets theirs (lib/server/cache/next-cache-handler.cjs). Their
 * proxies vouch for sessions from the memo for minutes only while that
 * channel is up (lib/accounts/session-memo.ts, vouchWindowMs).
 */
export function forgetSessionChecks(): void {
  forgetHere();
  const redis = getRedis();
  if (!redis) return;
  redis.publish(invalidationChannel(), JSON.stringify({ origin: `sessions-${process.pid}`, sessions: true })).catch((err: Error) => {
    console.warn(`Could not tell the other instances a session ended (${err.message}); their proxies may serve its private cached pages for up to 5 minutes.`);
  });
}

/**
 * True when a session token may still be used: its account exists, the token
 * was issued under the account's current session version (no "sign out
 * everywhere" or password change since), and it was not signed out. Answers
 * are remembered for a few seconds per instance (lib/accounts/session-memo.ts,
 * which the proxy reads too).
 */
export async function sessionIsCurrent(token: SessionClaims): Promise<boolean> {
  const hit = rememberedSession(token);
  if (hit !== undefined) return hit;
  const asked = sessionMemoGeneration();
  const state = await sessionState(token.uid, token.sid);
  const current = state.version !== null && state.version === token.sv && !state.revoked;
  // a sign-out on this instance while the database was read: that answer may predate it, so it is not kept
  if (!rememberSession(token, current, asked)) return current && (await sessionIsCurrent(token));
  return current;
}

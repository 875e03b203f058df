import "server-only";
import { sessionState } from "@/lib/dal/session-tokens";
import { rememberedSession, rememberSession, sessionMemoGeneration, type SessionClaims } from "@/lib/auth/session-memo";

export { forgetSessionChecks } from "@/lib/auth/session-memo";

/**
 * True when a session token may still be used: its account exists, the token
 * was issued under the account's current session version (no "sign out
 * everywhere" or password change since), and it was not signed out. Answers
 * are remembered for a few seconds per instance (lib/auth/session-memo.ts,
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

import "server-only";
import { cache } from "react";
import { findSessionUser, type SessionUser } from "@/lib/accounts/data/users";
import { sessionMemoGeneration } from "@/lib/accounts/session-memo";

/**
 * The signed-in user of this request, or null for a guest: the one place that
 * reads the session. Cached per request. Only lib/server/request-actor.ts reads
 * it (`authenticate` for the pipeline and pages, the redirecting page helpers);
 * the actor then goes to the data layer explicitly. Auth.js loads lazily.
 */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const { sessionUserId } = await import("@/lib/accounts/auth");
  const id = await sessionUserId();
  if (!id) return null;
  return findSessionUser(id);
});

/** How long the fast path trusts the user it found for a Cookie header: as long as a session check is trusted (lib/accounts/session-memo.ts). */
const COOKIE_USER_MS = 5_000;
const COOKIE_USERS_MAX = 10_000;
type CookieUser = { user: SessionUser | null; generation: number; until: number };
const cookieUsers = ((globalThis as { [k: symbol]: unknown })[Symbol.for("ringbinder.cookie-users")] ??= new Map()) as Map<string, CookieUser>;

/**
 * The signed-in user of a request served outside Next's request context (the
 * game routes' fast path, lib/server/fast-route.ts), from the request's own
 * Cookie header: the same token check as getCurrentUser, and the user read
 * again. Its answer is kept per Cookie header for as long as the session
 * check's own memo (5 s), and dropped the moment a session ends on this
 * instance or another one says so (the session memo's generation moves), so a
 * revoked session is refused at once, as by getCurrentUser.
 */
export async function sessionUserFromHeaders(headers: { get(name: string): string | null }): Promise<SessionUser | null> {
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  const proto = headers.get("x-forwarded-proto");
  const key = `${proto ?? ""}\n${cookie}`;
  const now = Date.now();
  const generation = sessionMemoGeneration();
  const hit = cookieUsers.get(key);
  if (hit && hit.generation === generation && hit.until > now) return hit.user;
  const { sessionUserIdFrom } = await import("@/lib/accounts/auth");
  const id = await sessionUserIdFrom(cookie, proto);
  const user = id ? await findSessionUser(id) : null;
  // a session that ended while this was read is not kept (its generation moved on)
  if (sessionMemoGeneration() === generation) {
    if (cookieUsers.size >= COOKIE_USERS_MAX) cookieUsers.clear();
    cookieUsers.set(key, { user, generation, until: now + COOKIE_USER_MS });
  }
  return user;
}

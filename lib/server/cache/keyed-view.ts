import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { openPrivateKey, type PrivateView } from "@/lib/server/cache/private-key";
import { findSessionUser, type SessionUser } from "@/lib/accounts/data/users";

/**
 * How the private page cache's internal pages (app/cached/private/**) read a
 * user's data: not from the request's session (reading it would make the page
 * dynamic, and a cached render serves later requests) but from the page's key,
 * which proxy.ts made for the session it vouched for and which carries the
 * user id under an HMAC (lib/server/cache/private-key.ts). Inside `readAsKeyedUser`,
 * getCurrentUser (lib/server/session.ts) answers with that user, so the pages call
 * the same DAL reads as their per-request twins. Read-only by intent: only the
 * internal private pages may import this (a lint-free rule the access matrix
 * checks), and they only read.
 */
const keyed = new AsyncLocalStorage<SessionUser>();

/** The user a private page's key named, inside readAsKeyedUser; null everywhere else. */
export function keyedUser(): SessionUser | null {
  return keyed.getStore() ?? null;
}

/**
 * Opens a private page's key and runs `load` as the user it names, with the
 * page's canonical query. Null for a key that is not genuine (wrong HMAC,
 * another view's key, no AUTH_SECRET) or names an account that no longer exists.
 */
export async function readAsKeyedUser<T>(view: PrivateView, token: string, load: (query: Record<string, string>) => Promise<T>): Promise<T | null> {
  const opened = openPrivateKey(view, token);
  if (!opened) return null;
  const user = await findSessionUser(opened.uid);
  if (!user) return null;
  return keyed.run(user, () => load(opened.query));
}

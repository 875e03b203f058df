import "server-only";
import { AuthError, getCurrentUser } from "@/lib/server/session";
import type { SessionUser } from "@/lib/accounts/data/users";

/**
 * Who is asking: the account a request's session names, or the account a
 * command-line tool acts as (lib/accounts/data/system.ts). One shape for both, so a data
 * function given an actor never needs to know which path it came from.
 */
export type Actor = SessionUser;

/** How much of an actor an action or route needs: anyone, a signed-in user, or an admin. */
export type AuthLevel = "public" | "user" | "admin";

/** The actor a level hands to `run`: possibly null (a guest) only for "public". */
export type ActorFor<A extends AuthLevel> = A extends "public" ? Actor | null : Actor;

/**
 * The actor for this request at `level`, from the session (getCurrentUser,
 * the one place that reads it). Throws AuthError "auth/unauthenticated" for a
 * guest where a user is needed and "auth/forbidden" for a non-admin where an
 * admin is needed; nothing has run yet when it throws.
 */
export async function authenticate<A extends AuthLevel>(level: A): Promise<ActorFor<A>> {
  const user = await getCurrentUser();
  if (level === "public") return user as ActorFor<A>;
  if (!user) throw new AuthError("auth/unauthenticated", "Please sign in first.");
  if (level === "admin" && user.role !== "admin") throw new AuthError("auth/forbidden", "Only admins can do that.");
  return user;
}

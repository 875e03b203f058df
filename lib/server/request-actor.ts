import "server-only";
import { getCurrentUser, sessionUserFromHeaders } from "@/lib/server/session";
import { requireActor, requireAdminActor, type Actor, type ActorFor, type AuthLevel } from "@/lib/server/actor";

/**
 * Where a request's actor comes from: the session (getCurrentUser), read here
 * and nowhere else. The pipeline (`defineAction`/`defineRoute`) calls
 * `authenticate` and hands the actor to `run`; pages call `authenticate` or the
 * redirecting helpers below. Either way the actor then goes to the data layer
 * explicitly: lib/<feature>/data never imports this file or the session (a
 * lint zone keeps it so).
 */

/**
 * The actor for this request at `level`. Throws AuthError "auth/unauthenticated"
 * for a guest where a user is needed and "auth/forbidden" for a non-admin where
 * an admin is needed; nothing has run yet when it throws.
 */
export async function authenticate<A extends AuthLevel>(level: A): Promise<ActorFor<A>> {
  const user = await getCurrentUser();
  if (level === "public") return user as ActorFor<A>;
  return (level === "admin" ? requireAdminActor(user) : requireActor(user)) as ActorFor<A>;
}

/**
 * `authenticate` for a request served outside Next's request context (the
 * game routes' fast path, lib/server/fast-route.ts): the session read from the
 * request's own headers, the same refusals.
 */
export async function authenticateHeaders<A extends AuthLevel>(level: A, headers: { get(name: string): string | null }): Promise<ActorFor<A>> {
  const user = await sessionUserFromHeaders(headers);
  if (level === "public") return user as ActorFor<A>;
  return (level === "admin" ? requireAdminActor(user) : requireActor(user)) as ActorFor<A>;
}

/** For pages: the signed-in actor, or a redirect to sign-in that comes back to `returnTo`. */
export async function requireUserOrRedirect(returnTo: string): Promise<Actor> {
  const user = await getCurrentUser();
  const { redirect } = await import("next/navigation");
  if (!user) return redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}

/** For admin pages: guests are sent to sign in, signed-in non-admins get the 403 page. */
export async function requireAdminPage(returnTo: string): Promise<Actor> {
  const user = await requireUserOrRedirect(returnTo);
  const { forbidden } = await import("next/navigation");
  if (user.role !== "admin") forbidden();
  return user;
}

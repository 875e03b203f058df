import { AuthError } from "@/lib/server/errors";
import type { SessionUser } from "@/lib/accounts/data/users";

/**
 * Who is asking: the account a request's session names (read once, by
 * lib/server/request-actor.ts, for the pipeline and for pages), or the account
 * a command-line tool acts as (lib/accounts/data/system.ts). One shape for
 * both. Every data function that needs to know who is asking takes it as its
 * first parameter and checks it there with the guards below; nothing under
 * lib/<feature>/data reads the session (a lint zone keeps it so).
 */
export type Actor = SessionUser;

/** How much of an actor an action or route needs: anyone, a signed-in user, or an admin. */
export type AuthLevel = "public" | "user" | "admin";

/** The actor a level hands to `run`: possibly null (a guest) only for "public". */
export type ActorFor<A extends AuthLevel> = A extends "public" ? Actor | null : Actor;

/**
 * A data function's check that it was given a signed-in actor: the type
 * already says `Actor`, and this refuses a missing one at run time too
 * (AuthError "auth/unauthenticated"), so no caller can slip a guest past it.
 */
export function requireActor(actor: Actor | null | undefined): Actor {
  if (!actor) throw new AuthError("auth/unauthenticated", "Please sign in first.");
  return actor;
}

/** A data function's check that its actor is an admin: AuthError "auth/unauthenticated" without one, "auth/forbidden" for a non-admin. */
export function requireAdminActor(actor: Actor | null | undefined): Actor {
  const user = requireActor(actor);
  if (user.role !== "admin") throw new AuthError("auth/forbidden", "Only admins can do that.");
  return user;
}

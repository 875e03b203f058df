import "server-only";
import { DomainError } from "@/lib/server/errors";
import { cache } from "react";
import { findSessionUser, type SessionUser } from "@/lib/accounts/data/users";
import { systemActor } from "@/lib/accounts/data/system";
import { keyedUser } from "@/lib/server/cache/keyed-view";

/** Thrown by require* helpers inside actions and route handlers; pages use the redirecting variants. */
export class AuthError extends DomainError {
  declare readonly code: "auth/unauthenticated" | "auth/forbidden";
  constructor(code: "auth/unauthenticated" | "auth/forbidden", message: string) {
    super(code, message);
    this.name = "AuthError";
  }
}

/**
 * The signed-in user, or null for a guest. Cached per request. Inside a
 * command-line tool's `runAsSystemAdmin` (lib/accounts/data/system.ts, never reachable
 * from a request) it is that tool's admin account; inside an internal private
 * page's readAsKeyedUser (lib/server/cache/keyed-view.ts) it is the user the page's
 * key names (proxy.ts vouched for that session). Auth.js and Next's
 * navigation helpers load lazily so command-line tools can use the DAL.
 */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const system = systemActor();
  if (system) return system;
  const viewer = keyedUser();
  if (viewer) return viewer;
  const { sessionUserId } = await import("@/lib/accounts/auth");
  const id = await sessionUserId();
  if (!id) return null;
  return findSessionUser(id);
});

/** The signed-in user; throws AuthError("auth/unauthenticated") for guests. Every DAL write starts here. */
export async function requireUser(): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) throw new AuthError("auth/unauthenticated", "Please sign in first.");
  return user;
}

/** The signed-in admin; throws AuthError for guests and non-admins. */
export async function requireAdmin(): Promise<SessionUser> {
  const user = await requireUser();
  if (user.role !== "admin") throw new AuthError("auth/forbidden", "Only admins can do that.");
  return user;
}

/** For pages: the signed-in user, or a redirect to sign-in that comes back to `returnTo`. */
export async function requireUserOrRedirect(returnTo: string): Promise<SessionUser> {
  const user = await getCurrentUser();
  const { redirect } = await import("next/navigation");
  if (!user) return redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}

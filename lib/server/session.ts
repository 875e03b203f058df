import "server-only";
import { cache } from "react";
import { findSessionUser, type SessionUser } from "@/lib/accounts/data/users";

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

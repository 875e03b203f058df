import "server-only";
import { cache } from "react";
import { findSessionUser, type SessionUser } from "@/lib/accounts/data/users";

/**
 * The signed-in user of this request, or null for a guest: the one place that
 * reads the session. Cached per request. Only the actor helpers read it
 * (`authenticate` in lib/server/actor.ts for the pipeline, lib/server/page-actor.ts
 * for pages); they hand the actor to the data layer explicitly. Auth.js loads
 * lazily so command-line tools can import the data layer.
 */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const { sessionUserId } = await import("@/lib/accounts/auth");
  const id = await sessionUserId();
  if (!id) return null;
  return findSessionUser(id);
});

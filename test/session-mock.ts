import { DomainError } from "@/lib/server/errors";
import type { SessionUser } from "@/lib/accounts/data/users";

/** The user the mocked lib/server/session sees (null = guest). Tests set `current.user`. */
export const current: { user: SessionUser | null } = { user: null };

export class AuthError extends DomainError {
  declare readonly code: "auth/unauthenticated" | "auth/forbidden";
  constructor(code: "auth/unauthenticated" | "auth/forbidden", message: string) {
    super(code, message);
    this.name = "AuthError";
  }
}

/** A stand-in for lib/server/session with the same rules, driven by `current.user`. */
export const sessionMock = {
  AuthError,
  getCurrentUser: async () => current.user,
  requireUser: async () => {
    if (!current.user) throw new AuthError("auth/unauthenticated", "Please sign in first.");
    return current.user;
  },
  requireAdmin: async () => {
    if (!current.user) throw new AuthError("auth/unauthenticated", "Please sign in first.");
    if (current.user.role !== "admin") throw new AuthError("auth/forbidden", "Only admins can do that.");
    return current.user;
  },
  requireUserOrRedirect: async (returnTo: string) => {
    if (!current.user) throw new Error(`NEXT_REDIRECT:/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
    return current.user;
  },
};

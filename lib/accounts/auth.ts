import { randomUUID } from "node:crypto";
import NextAuth from "next-auth";
import type { JWT } from "next-auth/jwt";
import { headers } from "next/headers";
import Credentials from "next-auth/providers/credentials";
import { authorizeCredentials } from "@/lib/accounts/authorize";
import { forgetSessionChecks, sessionIsCurrent } from "@/lib/accounts/session-check";
import { authSecret, claimsOf, secureSessionCookie, sessionToken } from "@/lib/accounts/session-cookie";
import { revokeSession, sessionState, SESSION_MAX_AGE_SECONDS } from "@/lib/accounts/data/session-tokens";

/**
 * next-auth v5: email + password credentials, JWT sessions. The token carries
 * the user id, a session id (sid) and the account's session version (sv).
 * Every read of the token checks that the sid was not signed out and the
 * version is still current (cached a few seconds), so sign-out, "sign out
 * everywhere" and a password change end sessions on the server, not only in
 * the browser. lib/server/session.ts then reloads the user (fresh role).
 */
export const { handlers, auth, signIn, signOut } = NextAuth({
  trustHost: true,
  logger: {
    // A failed sign-in is an expected outcome answered on the form, not a server error.
    error(error) {
      if (error.name === "CredentialsSignin" || (error as { type?: string }).type === "CredentialsSignin") return;
      console.error(error);
    },
  },
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/signin" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw, request) {
        const user = await authorizeCredentials(raw, request.headers);
        return { id: user.id, email: user.email, name: user.displayName };
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user?.id) {
        token.uid = user.id;
        token.sid = randomUUID();
        token.sv = (await sessionState(user.id, "")).version ?? 0;
        return token;
      }
      return (await checkedUserId(token)) ? token : null;
    },
    session({ session, token }) {
      if (typeof token.uid === "string") session.user.id = token.uid;
      return session;
    },
  },
  events: {
    async signOut(message) {
      const sid = "token" in message ? message.token?.sid : undefined;
      if (typeof sid === "string" && sid) {
        await revokeSession(sid);
        forgetSessionChecks();
      }
    },
  },
});

/**
 * The one check of a decoded session token (Auth.js's jwt callback above and
 * sessionUserId below): its user id while the token may still be used (the
 * account exists, its session version is the token's, its sid was not signed
 * out), else null.
 */
async function checkedUserId(token: JWT): Promise<string | null> {
  const claims = claimsOf(token);
  if (!claims) return null;
  return (await sessionIsCurrent(claims)) ? claims.uid : null;
}

/**
 * The signed-in user's id for the current request (server components, route
 * handlers, actions), or null for a guest: the session cookie read as Auth.js
 * would (lib/accounts/session-cookie.ts: decrypted with the same secret, expiry
 * checked), then the same token check as the jwt callback. Unlike auth(), no
 * session response is built and no token re-encrypted (a server component
 * cannot set the cookie anyway).
 */
export async function sessionUserId(): Promise<string | null> {
  if (!authSecret()) return (await auth())?.user?.id ?? null;
  const h = await headers();
  return sessionUserIdFrom(h.get("cookie"), h.get("x-forwarded-proto"));
}

/**
 * The same, from a request's own Cookie and X-Forwarded-Proto headers: for a
 * request served outside Next's request context (the game routes' fast path,
 * lib/server/fast-route.ts). Null without AUTH_SECRET (Auth.js then refuses to run).
 */
export async function sessionUserIdFrom(cookie: string | null, forwardedProto: string | null): Promise<string | null> {
  if (!authSecret()) return null;
  const token = await sessionToken(cookie, secureSessionCookie(forwardedProto));
  return token ? checkedUserId(token) : null;
}

import { randomUUID } from "node:crypto";
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { authorizeCredentials } from "@/lib/auth/authorize";
import { forgetSessionChecks, sessionIsCurrent } from "@/lib/auth/session-check";
import { revokeSession, sessionState, SESSION_MAX_AGE_SECONDS } from "@/lib/dal/session-tokens";

/**
 * next-auth v5: email + password credentials, JWT sessions. The token carries
 * the user id, a session id (sid) and the account's session version (sv).
 * Every read of the token checks that the sid was not signed out and the
 * version is still current (cached a few seconds), so sign-out, "sign out
 * everywhere" and a password change end sessions on the server, not only in
 * the browser. lib/dal/session.ts then reloads the user (fresh role).
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
      if (typeof token.uid !== "string") return null;
      const current = await sessionIsCurrent({
        uid: token.uid,
        sid: typeof token.sid === "string" ? token.sid : "",
        // tokens issued before session versions existed carry none: version 0
        sv: typeof token.sv === "number" ? token.sv : 0,
      });
      return current ? token : null;
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

import { randomUUID } from "node:crypto";
import NextAuth from "next-auth";
import { decode, getToken, type JWT } from "next-auth/jwt";
import { headers } from "next/headers";
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
  if (typeof token.uid !== "string") return null;
  const current = await sessionIsCurrent({
    uid: token.uid,
    sid: typeof token.sid === "string" ? token.sid : "",
    // tokens issued before session versions existed carry none: version 0
    sv: typeof token.sv === "number" ? token.sv : 0,
  });
  return current ? token.uid : null;
}

/** Decrypted tokens, by cookie name and token: the same ciphertext always decrypts to the same claims. */
const decoded = new Map<string, { claims: JWT; until: number }>();
const DECODED_MAX = 10_000;
const DECODED_MS = 60_000;

/** Auth.js's decode (A256CBC-HS512 under a key derived from the secret and the cookie name), remembered a minute, never past the token's expiry. */
async function decodeOnce(params: Parameters<typeof decode>[0]): Promise<JWT | null> {
  const key = `${params.salt}\n${params.token ?? ""}`;
  const now = Date.now();
  const hit = decoded.get(key);
  if (hit && hit.until > now) return hit.claims;
  const claims = await decode(params);
  if (!claims) return null;
  if (decoded.size >= DECODED_MAX) decoded.clear();
  decoded.set(key, { claims, until: Math.min(now + DECODED_MS, typeof claims.exp === "number" ? claims.exp * 1000 : now) });
  return claims;
}

/**
 * The signed-in user's id for the current request (server components, route
 * handlers, actions), or null for a guest: the session cookie Auth.js would
 * read (its name and key salt follow the request's protocol, as Auth.js
 * decides it), decrypted with the same secret, expiry checked, then the same
 * token check as the jwt callback. Unlike auth(), no session response is built
 * and no token re-encrypted (a server component cannot set the cookie anyway).
 */
export async function sessionUserId(): Promise<string | null> {
  const secret = process.env.AUTH_SECRET ?? process.env.NEXTAUTH_SECRET;
  if (!secret) return (await auth())?.user?.id ?? null;
  const h = await headers();
  const cookie = h.get("cookie");
  if (!cookie) return null;
  const envUrl = process.env.AUTH_URL ?? process.env.NEXTAUTH_URL;
  const protocol = envUrl ? new URL(envUrl).protocol : `${(h.get("x-forwarded-proto") ?? "https").replace(/:$/, "")}:`;
  const token = await getToken({ req: { headers: new Headers({ cookie }) }, secret, secureCookie: protocol === "https:", decode: decodeOnce });
  return token ? checkedUserId(token) : null;
}

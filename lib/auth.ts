import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { authorizeCredentials } from "@/lib/auth/authorize";

/**
 * next-auth v5: email + password credentials, JWT sessions. The token carries
 * only the user id; lib/dal/session.ts reloads the user on every request so a
 * deleted account or a changed role takes effect at once.
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
  session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
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
    jwt({ token, user }) {
      if (user?.id) token.uid = user.id;
      return token;
    },
    session({ session, token }) {
      if (typeof token.uid === "string") session.user.id = token.uid;
      return session;
    },
  },
});

"use server";

import { after } from "next/server";
import { headers } from "next/headers";
import { z } from "zod";
import { signIn, signOut } from "@/lib/accounts/auth";
import { changeMyPassword, deleteMyAccount, endAllMySessions, passwordResetTokenFor, resetPassword, updateDisplayName } from "@/lib/accounts/data/account";
import { fail, failFrom, ok } from "@/lib/server/action-result";
import { defineFormAction } from "@/lib/server/action";
import { deckTag, PUBLIC_DECKS_TAG } from "@/lib/server/cache/tags";
import { emailSchema, PASSWORD_MIN, signUpSchema } from "@/lib/accounts/schemas";
import { sendMail } from "@/lib/server/mailer";
import { RESET_TOKEN_TTL_MS } from "@/lib/accounts/reset-token";

const changePasswordSchema = z
  .object({
    current: z.string().min(1, "Enter your current password").max(200),
    next: z.string().min(PASSWORD_MIN, `The new password needs at least ${PASSWORD_MIN} characters`).max(200, "Password is at most 200 characters"),
    confirm: z.string(),
  })
  .refine((v) => v.next === v.confirm, { path: ["confirm"], message: "The two new passwords differ" });

/** Changes the password, ends every other session, and signs this browser in again with the new password. */
export const changePasswordAction = defineFormAction({
  input: changePasswordSchema,
  auth: "user",
  onFailure: (f) => {
    if (f.code === "account/wrong-password") return failFrom(f, { field: "current" });
    if (f.code === "account/weak-password" || f.code === "account/same-password") return failFrom(f, { field: "next" });
    return failFrom(f);
  },
  run: async ({ current, next }) => {
    // each try counts against the account's sign-in limit (changeMyPassword)
    const email = await changeMyPassword(current, next);
    await signIn("credentials", { email, password: next, redirectTo: "/account?changed=password" });
    return { ok: true, data: undefined };
  },
});

/** Ends every session of this account, this one too. */
export const signOutEverywhereAction = defineFormAction({
  input: z.object({}),
  auth: "user",
  run: async () => {
    await endAllMySessions();
    await signOut({ redirectTo: "/signin?ended=everywhere" });
    return { ok: true, data: undefined };
  },
});

const displayNameSchema = z.object({ displayName: signUpSchema.shape.displayName });

function secret(): string {
  const s = process.env.AUTH_SECRET;
  if (!s) throw new Error("AUTH_SECRET is not set");
  return s;
}

/**
 * The address reset links point to. A configured one (APP_URL, else AUTH_URL)
 * in production: the request's Host header is the client's to choose, and a
 * link built from it could send the token to someone else's site.
 */
async function appUrl(): Promise<string | null> {
  const configured = process.env.APP_URL || process.env.AUTH_URL;
  if (configured) return configured.replace(/\/+$/, "");
  if (process.env.NODE_ENV === "production") return null;
  const host = (await headers()).get("host");
  return host ? `http://${host}` : null;
}

/** Changes the display name shown on shared decks and the author page: their cached pages are invalidated. */
export const updateDisplayNameAction = defineFormAction({
  input: displayNameSchema,
  auth: "user",
  limit: "account",
  run: async ({ displayName }) => ({ ok: true, data: await updateDisplayName(displayName), message: `Your display name is now “${displayName}”.` }),
  invalidates: (shared) => [PUBLIC_DECKS_TAG, ...shared.sharedDeckSlugs.map(deckTag)],
  refresh: true,
});

const deleteSchema = z.object({
  password: z.string().min(1, "Type your password to confirm").max(200),
  confirmDelete: z.literal("on", { error: "Tick the box to confirm" }),
});

/** Deletes the account and all its data after the password is given again, then signs out. */
export const deleteAccountAction = defineFormAction({
  input: deleteSchema,
  auth: "user",
  limit: "account",
  onFailure: (f) => (f.code === "account/wrong-password" ? failFrom(f, { field: "password", message: "Your account was not deleted." }) : failFrom(f)),
  run: async ({ password }) => {
    await deleteMyAccount(password);
    await signOut({ redirectTo: "/?account=deleted" });
    return ok(undefined);
  },
});

const SENT = "If an account uses this email, a link to choose a new password is on its way. It works once, for one hour.";

/**
 * Sends a one-time reset link to the account's email. Answers the same whether
 * or not the account exists, and sends after the response, so neither the
 * answer nor its timing tells which emails have accounts.
 */
export const requestPasswordResetAction = defineFormAction({
  input: z.object({ email: emailSchema }),
  auth: "public",
  limit: [
    { kind: "reset-address", by: "address" },
    { kind: "reset-email", by: (input: { email: string }) => input.email },
  ],
  run: async ({ email }) => {
    const base = await appUrl();
    if (!base) return fail("Password reset is not configured on this server (APP_URL is not set). Ask the operator.");
    const key = secret();
    after(async () => {
      const found = await passwordResetTokenFor(email, key);
      if (!found) return;
      const link = `${base}/reset-password?token=${encodeURIComponent(found.token)}`;
      try {
        await sendMail({
          to: email,
          subject: "Choose a new Ringbinder password",
          text: `Hello ${found.displayName},\n\nsomeone (we hope you) asked to reset the password of your Ringbinder account. Open this link to choose a new one:\n\n${link}\n\nIt works once and for ${RESET_TOKEN_TTL_MS / 3_600_000} hour. If you did not ask for it, ignore this message: your password stays as it is.\n`,
        });
      } catch (e) {
        console.error("[mail] the password reset mail could not be sent:", e instanceof Error ? e.message : e);
      }
    });
    return ok(undefined, SENT);
  },
});

const resetSchema = z.object({ token: z.string().min(1, "The reset link is incomplete").max(1000), password: signUpSchema.shape.password });

/** Sets a new password from a reset link (every session of the account ends), then sends the user to sign in with it. */
export const resetPasswordAction = defineFormAction({
  input: resetSchema,
  auth: "public",
  onFailure: (f) => (f.code === "account/weak-password" ? failFrom(f, { field: "password", message: "Please choose a stronger password." }) : failFrom(f)),
  run: async ({ token, password }) => {
    await resetPassword(token, password, secret());
    return ok(undefined);
  },
  redirect: () => "/signin?reset=1",
});

"use server";

import { after } from "next/server";
import { z } from "zod";
import { signIn, signOut } from "@/lib/accounts/auth";
import { changeMyPassword, deleteMyAccount, endAllMySessions, passwordResetTokenFor, resetPassword, updateDisplayName } from "@/lib/accounts/data/account";
import { failFrom, ok } from "@/lib/server/action-result";
import { defineFormAction } from "@/lib/server/action";
import { deckTag, PUBLIC_DECKS_TAG } from "@/lib/server/cache/tags";
import { emailSchema, PASSWORD_MIN, signUpSchema } from "@/lib/accounts/schemas";
import { mailDestination, sendMail } from "@/lib/server/mailer";
import { appUrl } from "@/lib/accounts/app-url";
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
  run: async ({ current, next }, actor) => {
    // each try counts against the account's sign-in limit (changeMyPassword)
    const email = await changeMyPassword(actor, current, next);
    await signIn("credentials", { email, password: next, redirectTo: "/account?changed=password" });
    return { ok: true, data: undefined };
  },
});

/** Ends every session of this account, this one too. */
export const signOutEverywhereAction = defineFormAction({
  input: z.object({}),
  auth: "user",
  run: async (_input, actor) => {
    await endAllMySessions(actor);
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

/** Changes the display name shown on shared decks and the author page: their cached pages are invalidated. */
export const updateDisplayNameAction = defineFormAction({
  input: displayNameSchema,
  auth: "user",
  limit: "account",
  run: async ({ displayName }, actor) => ({ ok: true, data: await updateDisplayName(actor, displayName), message: `Your display name is now “${displayName}”.` }),
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
  run: async ({ password }, actor) => {
    await deleteMyAccount(actor, password);
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
    const { base } = appUrl();
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
    const where = mailDestination();
    return ok(undefined, where ? `${SENT} ${where}` : SENT);
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

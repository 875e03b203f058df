"use server";

import { AuthError as NextAuthError } from "next-auth";
import { redirect } from "next/navigation";
import { after } from "next/server";
import { z } from "zod";
import { signIn, signOut } from "@/lib/accounts/auth";
import { createUser } from "@/lib/accounts/data/users";
import { signInSchema, signUpSchema } from "@/lib/accounts/schemas";
import { fail, failFrom } from "@/lib/server/action-result";
import { defineFormAction } from "@/lib/server/action";
import { safeCallbackUrl } from "@/lib/util/safe-redirect";
import { assertNotLimited, limit } from "@/lib/server/rate-limit";
import { signInRetryAfter } from "@/lib/accounts/sign-in-limits";
import { SIGN_IN_UNAVAILABLE } from "@/lib/accounts/authorize";
import { checkPasswordStrength } from "@/lib/accounts/password-strength";
import { DomainError, RateLimitedError } from "@/lib/server/errors";
import { sendMail } from "@/lib/server/mailer";
import { appUrl } from "@/lib/accounts/app-url";

const BAD_LOGIN = "Email or password is incorrect.";

/** A new account with nowhere it was going lands on its next steps, not on the marketing page. */
const WELCOME = "/welcome";
function welcomeOr(callback: string): string {
  return callback === "/" ? WELCOME : callback;
}

/** Where to go after signing in or up: a path on this site, checked by safeCallbackUrl. */
const callback = z.object({ callbackUrl: z.string().max(2000).optional() });

/** Where every sign-up lands, new email or taken alike: the sign-in form, with a "check your email" notice. */
function signedUpPage(callbackUrl: string | undefined): string {
  return `/signin?signup=1&callbackUrl=${encodeURIComponent(welcomeOr(safeCallbackUrl(callbackUrl, WELCOME)))}`;
}

/** The mail a sign-up sends: a welcome to a new account, a "you already have one" to a taken email. */
function signUpMail(email: string, created: boolean): { to: string; subject: string; text: string } {
  const { base } = appUrl();
  if (created)
    return {
      to: email,
      subject: "Welcome to Ringbinder",
      text: `Hello,\n\nyour Ringbinder account for this email is ready. Sign in with the password you chose:\n\n${base}/signin\n\nIf you did not create it, ignore this message or reply to have it deleted.\n`,
    };
  return {
    to: email,
    subject: "You already have a Ringbinder account",
    text: `Hello,\n\nsomeone (we hope you) tried to create a Ringbinder account with this email, which already has one. Nothing was changed.\n\nSign in: ${base}/signin\nForgot your password? Choose a new one: ${base}/forgot-password\n\nIf it was not you, ignore this message: your account stays as it is.\n`,
  };
}

/** Sends the sign-up's mail after the response (its timing tells nothing), at most a few an hour per email (signup-email). */
function mailAfterSignUp(email: string, created: boolean): void {
  after(async () => {
    try {
      await limit("signup-email", email);
      await sendMail(signUpMail(email, created));
    } catch (e) {
      if (e instanceof RateLimitedError) return; // a flood of sign-ups for one email sends no more mail
      console.error("[mail] the sign-up mail could not be sent:", e instanceof Error ? e.message : e);
    }
  });
}

/**
 * Sign up: validate, refuse weak passwords, count against the address's limit,
 * create the account (role user). The address's limit is not a gate limit: an
 * address over it is refused before the strength estimator runs (a flood stays
 * cheap), but only an attempt with a strong enough password counts.
 *
 * It never tells whether the email was taken: a new account and a taken email
 * cost the same work (createUser hashes either way), both get a mail after the
 * response (a welcome, or "you already have an account: sign in or reset your
 * password") and both land on the sign-in form with the same notice. A new
 * account then signs in there with the password it just chose.
 */
export const signUpAction = defineFormAction({
  input: signUpSchema.and(callback),
  auth: "public",
  run: async (input, _guest, { address }) => {
    const from = await address();
    await assertNotLimited("signup-address", from);
    const strength = checkPasswordStrength(input.password, [input.email, input.displayName]);
    if (!strength.ok) return fail("Please choose a stronger password.", { password: [strength.message] });
    await limit("signup-address", from);
    const created = await createUser(input);
    if (!created.ok && created.code !== "account/conflict") return created;
    mailAfterSignUp(input.email, created.ok);
    redirect(signedUpPage(input.callbackUrl));
  },
});

/**
 * Sign in: one message for unknown email and wrong password alike; a
 * locked-out email or address is told when to retry. The attempts are counted
 * by the credentials check itself (lib/accounts/authorize.ts), which Auth.js runs.
 */
export const signInAction = defineFormAction({
  input: signInSchema.and(callback),
  auth: "public",
  run: async ({ email, password, callbackUrl }, _guest, { address }) => {
    const from = await address();
    try {
      const wait = await signInRetryAfter(email, from).catch(() => 0);
      if (wait > 0) return failFrom(new RateLimitedError(wait, "failed sign-ins"));
      await signIn("credentials", { email, password, redirectTo: safeCallbackUrl(callbackUrl) });
    } catch (err) {
      if (err instanceof NextAuthError) {
        const code = (err as { code?: string }).code;
        if (code === "rate-limited") return failFrom(new RateLimitedError(Math.max(1, await signInRetryAfter(email, from).catch(() => 1)), "failed sign-ins"));
        if (code === "unavailable") return failFrom(new DomainError("service/unavailable", SIGN_IN_UNAVAILABLE));
        return fail(BAD_LOGIN);
      }
      throw err; // the redirect after a successful sign-in; a RateLimitedError maps through the pipeline
    }
    return { ok: true, data: undefined };
  },
});

/** Signs this browser out and goes home. */
export const signOutAction = defineFormAction({
  input: z.object({}),
  auth: "public",
  run: async () => {
    await signOut({ redirectTo: "/" });
    return { ok: true, data: undefined };
  },
});

"use server";

import { AuthError as NextAuthError } from "next-auth";
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

const BAD_LOGIN = "Email or password is incorrect.";

/** A new account with nowhere it was going lands on its next steps, not on the marketing page. */
const WELCOME = "/welcome";
function welcomeOr(callback: string): string {
  return callback === "/" ? WELCOME : callback;
}

/** Where to go after signing in or up: a path on this site, checked by safeCallbackUrl. */
const callback = z.object({ callbackUrl: z.string().max(2000).optional() });

/**
 * Sign up: validate, refuse weak passwords, count against the address's limit,
 * create the account (role user), sign in. The address's limit is not a gate
 * limit: an address over it is refused before the strength estimator runs (a
 * flood stays cheap), but only an attempt with a strong enough password counts.
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
    if (!created.ok) return created;
    await signIn("credentials", { email: input.email, password: input.password, redirectTo: welcomeOr(safeCallbackUrl(input.callbackUrl, WELCOME)) });
    return { ok: true, data: undefined };
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

"use server";

import { headers } from "next/headers";
import { AuthError as NextAuthError } from "next-auth";
import { signIn, signOut } from "@/lib/accounts/auth";
import { createUser } from "@/lib/accounts/data/users";
import { signInSchema, signUpSchema } from "@/lib/accounts/schemas";
import { fail, failFrom, zodFail, type ActionResult } from "@/lib/server/action-result";
import { safeCallbackUrl } from "@/lib/util/safe-redirect";
import { clientAddress } from "@/lib/server/client-address";
import { assertNotLimited, limit } from "@/lib/server/rate-limit";
import { refusedSignInWait, signInRetryAfter } from "@/lib/accounts/sign-in-limits";
import { checkPasswordStrength } from "@/lib/accounts/password-strength";
import { RateLimitedError } from "@/lib/server/errors";

const BAD_LOGIN = "Email or password is incorrect.";

/** Sign up: validate, refuse weak passwords, count against the address's limit, create the account (role user), sign in. */
export async function signUpAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = signUpSchema.safeParse({
    email: form.get("email"),
    displayName: form.get("displayName"),
    password: form.get("password"),
  });
  if (!parsed.success) return zodFail(parsed.error);
  const address = clientAddress(await headers());
  try {
    // an address over its limit is refused before the strength estimator runs (a flood stays cheap)
    await assertNotLimited("signup-address", address);
  } catch (e) {
    return failFrom(e);
  }
  const strength = checkPasswordStrength(parsed.data.password, [parsed.data.email, parsed.data.displayName]);
  if (!strength.ok) return fail("Please choose a stronger password.", { password: [strength.message] });
  try {
    await limit("signup-address", address);
  } catch (e) {
    return failFrom(e);
  }
  const created = await createUser(parsed.data);
  if (!created.ok) return failFrom(created);
  await signIn("credentials", {
    email: parsed.data.email,
    password: parsed.data.password,
    redirectTo: safeCallbackUrl(form.get("callbackUrl")),
  });
  return { ok: true, data: undefined };
}

/** Sign in: one message for unknown email and wrong password alike; a locked-out email or address is told when to retry. */
export async function signInAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return zodFail(parsed.error);
  const address = clientAddress(await headers());
  try {
    const wait = await refusedSignInWait(parsed.data.email, address);
    if (wait > 0) return failFrom(new RateLimitedError(wait, "sign-in attempts"));
    await signIn("credentials", {
      email: parsed.data.email,
      password: parsed.data.password,
      redirectTo: safeCallbackUrl(form.get("callbackUrl")),
    });
  } catch (err) {
    if (err instanceof RateLimitedError) return failFrom(err);
    if (err instanceof NextAuthError) {
      if ((err as { code?: string }).code === "rate-limited") {
        return failFrom(new RateLimitedError(Math.max(1, await signInRetryAfter(parsed.data.email, address)), "sign-in attempts"));
      }
      return fail(BAD_LOGIN);
    }
    throw err; // the redirect after a successful sign-in
  }
  return { ok: true, data: undefined };
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/" });
}

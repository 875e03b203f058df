"use server";

import { AuthError as NextAuthError } from "next-auth";
import { signIn, signOut } from "@/lib/auth";
import { createUser } from "@/lib/dal/users";
import { signInSchema, signUpSchema } from "@/lib/validation/auth";
import { fail, zodFail, type ActionResult } from "@/lib/action-result";
import { safeCallbackUrl } from "@/lib/safe-redirect";

const BAD_LOGIN = "Email or password is incorrect.";

/** Sign up: validate, create the account (role user), then sign in and go on. */
export async function signUpAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = signUpSchema.safeParse({
    email: form.get("email"),
    displayName: form.get("displayName"),
    password: form.get("password"),
  });
  if (!parsed.success) return zodFail(parsed.error);
  const created = await createUser(parsed.data);
  if (!created.ok) return fail("An account with this email already exists.", { email: ["An account with this email already exists. Sign in instead?"] });
  await signIn("credentials", {
    email: parsed.data.email,
    password: parsed.data.password,
    redirectTo: safeCallbackUrl(form.get("callbackUrl")),
  });
  return { ok: true, data: undefined };
}

/** Sign in: one message for unknown email and wrong password alike. */
export async function signInAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return zodFail(parsed.error);
  try {
    await signIn("credentials", {
      email: parsed.data.email,
      password: parsed.data.password,
      redirectTo: safeCallbackUrl(form.get("callbackUrl")),
    });
  } catch (err) {
    if (err instanceof NextAuthError) return fail(BAD_LOGIN);
    throw err; // the redirect after a successful sign-in
  }
  return { ok: true, data: undefined };
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/" });
}

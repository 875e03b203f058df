"use server";

import { z } from "zod";
import { signIn, signOut } from "@/lib/auth";
import { changeMyPassword, endAllMySessions } from "@/lib/dal/account";
import { fail, failFrom, zodFail, type ActionResult } from "@/lib/action-result";
import { DomainError } from "@/lib/errors";
import { PASSWORD_MIN } from "@/lib/validation/auth";

const changePasswordSchema = z
  .object({
    current: z.string().min(1, "Enter your current password").max(200),
    next: z.string().min(PASSWORD_MIN, `The new password needs at least ${PASSWORD_MIN} characters`).max(200, "Password is at most 200 characters"),
    confirm: z.string(),
  })
  .refine((v) => v.next === v.confirm, { path: ["confirm"], message: "The two new passwords differ" });

/** Changes the password, ends every other session, and signs this browser in again with the new password. */
export async function changePasswordAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = changePasswordSchema.safeParse({ current: form.get("current"), next: form.get("next"), confirm: form.get("confirm") });
  if (!parsed.success) return zodFail(parsed.error);
  let email: string;
  try {
    email = await changeMyPassword(parsed.data.current, parsed.data.next);
  } catch (e) {
    if (e instanceof DomainError && e.code === "account/wrong-password") return fail(e.message, { current: [e.message] });
    if (e instanceof DomainError && (e.code === "account/weak-password" || e.code === "account/same-password")) return fail(e.message, { next: [e.message] });
    return failFrom(e);
  }
  await signIn("credentials", { email, password: parsed.data.next, redirectTo: "/account?changed=password" });
  return { ok: true, data: undefined };
}

/** Ends every session of this account, this one too. */
export async function signOutEverywhereAction(): Promise<ActionResult> {
  try {
    await endAllMySessions();
  } catch (e) {
    return failFrom(e);
  }
  await signOut({ redirectTo: "/signin?ended=everywhere" });
  return { ok: true, data: undefined };
}

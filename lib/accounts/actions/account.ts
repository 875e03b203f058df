"use server";

import { after } from "next/server";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { signIn, signOut } from "@/lib/accounts/auth";
import { changeMyPassword, deleteMyAccount, endAllMySessions, passwordResetTokenFor, resetPassword, updateDisplayName } from "@/lib/accounts/data/account";
import { requireUser } from "@/lib/server/session";
import { fail, failFrom, ok, zodFail, type ActionResult } from "@/lib/server/action-result";
import { DomainError } from "@/lib/server/errors";
import { emailSchema, PASSWORD_MIN, signUpSchema } from "@/lib/accounts/schemas";
import { clientAddress } from "@/lib/server/client-address";
import { limit } from "@/lib/server/rate-limit";
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
export async function changePasswordAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = changePasswordSchema.safeParse({ current: form.get("current"), next: form.get("next"), confirm: form.get("confirm") });
  if (!parsed.success) return zodFail(parsed.error);
  let email: string;
  try {
    email = await changeMyPassword(parsed.data.current, parsed.data.next);
  } catch (e) {
    if (e instanceof DomainError && e.code === "account/wrong-password") return failFrom(e, { field: "current" });
    if (e instanceof DomainError && (e.code === "account/weak-password" || e.code === "account/same-password")) return failFrom(e, { field: "next" });
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

/** Changes the display name shown on shared decks and the author page. */
export async function updateDisplayNameAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = displayNameSchema.safeParse({ displayName: form.get("displayName") });
  if (!parsed.success) return zodFail(parsed.error);
  try {
    const me = await requireUser();
    await limit("account", me.id);
    await updateDisplayName(parsed.data.displayName);
  } catch (e) {
    return failFrom(e);
  }
  revalidatePath("/", "layout");
  return ok(undefined, `Your display name is now “${parsed.data.displayName}”.`);
}

const deleteSchema = z.object({
  password: z.string().min(1, "Type your password to confirm").max(200),
  confirmDelete: z.literal("on", { error: "Tick the box to confirm" }),
});

/** Deletes the account and all its data after the password is given again, then signs out. */
export async function deleteAccountAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = deleteSchema.safeParse({ password: form.get("password"), confirmDelete: form.get("confirmDelete") });
  if (!parsed.success) return zodFail(parsed.error);
  try {
    const me = await requireUser();
    await limit("account", me.id);
    await deleteMyAccount(parsed.data.password);
  } catch (e) {
    if (e instanceof DomainError && e.code === "account/wrong-password") return failFrom(e, { field: "password", message: "Your account was not deleted." });
    return failFrom(e);
  }
  await signOut({ redirectTo: "/?account=deleted" });
  return ok(undefined);
}

const SENT = "If an account uses this email, a link to choose a new password is on its way. It works once, for one hour.";

/**
 * Sends a one-time reset link to the account's email. Answers the same whether
 * or not the account exists, and sends after the response, so neither the
 * answer nor its timing tells which emails have accounts.
 */
export async function requestPasswordResetAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = z.object({ email: emailSchema }).safeParse({ email: form.get("email") });
  if (!parsed.success) return zodFail(parsed.error);
  const { email } = parsed.data;
  try {
    await limit("reset-address", clientAddress(await headers()));
    await limit("reset-email", email);
  } catch (e) {
    return failFrom(e);
  }
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
}

const resetSchema = z.object({ token: z.string().min(1, "The reset link is incomplete").max(1000), password: signUpSchema.shape.password });

/** Sets a new password from a reset link (every session of the account ends), then sends the user to sign in with it. */
export async function resetPasswordAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = resetSchema.safeParse({ token: form.get("token"), password: form.get("password") });
  if (!parsed.success) return zodFail(parsed.error);
  try {
    await resetPassword(parsed.data.token, parsed.data.password, secret());
  } catch (e) {
    if (e instanceof DomainError && e.code === "account/weak-password") return failFrom(e, { field: "password", message: "Please choose a stronger password." });
    return failFrom(e);
  }
  redirect("/signin?reset=1");
}

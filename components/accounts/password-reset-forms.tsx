"use client";

import { useActionState } from "react";
import { requestPasswordResetAction, resetPasswordAction } from "@/lib/accounts/actions/account";
import { Field, FormMessage } from "@/components/ui/field";
import { keepFormSubmit } from "@/components/ui/use-keep-form-submit";
import { PASSWORD_MIN } from "@/lib/accounts/schemas";

/** "Forgot your password?": asks for the email the link goes to. */
export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState(requestPasswordResetAction, null);
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  return (
    <form action={action} onSubmit={keepFormSubmit(action)} className="space-y-4" noValidate>
      <FormMessage message={state?.message} tone={state?.ok ? "success" : "error"} />
      <Field name="email" label="Email" type="email" autoComplete="email" required errors={errors?.email} />
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? "Sending…" : "Send me a reset link"}
      </button>
    </form>
  );
}

/** The new password, from a reset link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(resetPasswordAction, null);
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  return (
    <form action={action} onSubmit={keepFormSubmit(action)} className="space-y-4" noValidate>
      <input type="hidden" name="token" value={token} />
      <FormMessage message={state && !state.ok ? state.message : undefined} />
      <Field name="password" label="New password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} errors={errors?.password} hint={`At least ${PASSWORD_MIN} characters, not easy to guess.`} />
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? "Saving…" : "Set the new password"}
      </button>
    </form>
  );
}

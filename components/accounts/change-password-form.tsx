"use client";

import { useActionState } from "react";
import { changePasswordAction } from "@/lib/accounts/actions/account";
import { Field, FormMessage } from "@/components/ui/field";

export function ChangePasswordForm() {
  const [state, action, pending] = useActionState(changePasswordAction, null);
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  return (
    <form action={action} className="max-w-sm space-y-3" noValidate>
      <FormMessage message={state && !state.ok ? state.message : undefined} />
      <Field name="current" label="Current password" type="password" autoComplete="current-password" required errors={errors?.current} />
      <Field
        name="next"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        errors={errors?.next}
        hint="At least 10 characters. A few uncommon words together work well."
      />
      <Field name="confirm" label="Repeat the new password" type="password" autoComplete="new-password" required errors={errors?.confirm} />
      <button type="submit" className="btn-primary" disabled={pending}>
        {pending ? "Changing…" : "Change password"}
      </button>
    </form>
  );
}

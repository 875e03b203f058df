"use client";

import { useActionState } from "react";
import { updateDisplayNameAction } from "@/lib/actions/account";
import { Field, FormMessage } from "@/components/ui/field";
import { keepFormSubmit } from "@/components/ui/use-keep-form-submit";

/** Display name: shown on the decks you share. */
export function DisplayNameForm({ current }: { current: string }) {
  const [state, action, pending] = useActionState(updateDisplayNameAction, null);
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  return (
    <form action={action} onSubmit={keepFormSubmit(action)} className="space-y-3" noValidate>
      <FormMessage message={state?.message} tone={state?.ok ? "success" : "error"} />
      <Field name="displayName" label="Display name" defaultValue={current} autoComplete="nickname" required maxLength={40} errors={errors?.displayName} hint="Shown on the decks you share." />
      <button type="submit" className="btn-primary" disabled={pending}>
        {pending ? "Saving…" : "Save display name"}
      </button>
    </form>
  );
}

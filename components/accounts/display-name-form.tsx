"use client";

import { useActionState, useEffect } from "react";
import { refreshCurrentUser } from "@/components/accounts/current-user";
import { updateDisplayNameAction } from "@/lib/accounts/actions/account";
import { Field, FormMessage } from "@/components/ui/field";
import { keepFormSubmit } from "@/components/ui/use-keep-form-submit";

/** Display name: shown on the decks you share. */
export function DisplayNameForm({ current }: { current: string }) {
  const [state, action, pending] = useActionState(updateDisplayNameAction, null);
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  // the header's account corner asks the server who is signed in: ask again once the new name is saved
  useEffect(() => {
    if (state?.ok) void refreshCurrentUser();
  }, [state]);
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

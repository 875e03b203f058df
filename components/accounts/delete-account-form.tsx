"use client";

import { useActionState } from "react";
import { deleteAccountAction } from "@/lib/accounts/actions/account";
import { Field, FormMessage } from "@/components/ui/field";
import { keepFormSubmit } from "@/components/ui/use-keep-form-submit";

/** Deleting the account: the password again and an explicit tick. */
export function DeleteAccountForm() {
  const [state, action, pending] = useActionState(deleteAccountAction, null);
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  return (
    <form action={action} onSubmit={keepFormSubmit(action)} className="space-y-3" noValidate>
      <FormMessage message={state && !state.ok ? state.message : undefined} />
      <Field name="password" label="Your password" type="password" autoComplete="current-password" required errors={errors?.password} />
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="confirmDelete" className="mt-1" aria-describedby="confirm-delete-error" />
          <span>I understand that my decks (with every version, share link and lab run), my collection, my pack history, my suggestions, likes and comments are deleted for good, and every session of my account ends.</span>
        </label>
        <div id="confirm-delete-error" aria-live="polite">
          {errors?.confirmDelete?.map((e) => (
            <p key={e} className="field-error">
              {e}
            </p>
          ))}
        </div>
      </div>
      <button type="submit" className="btn rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800" disabled={pending}>
        {pending ? "Deleting…" : "Delete my account and all my data"}
      </button>
    </form>
  );
}

"use client";

import { useActionState } from "react";
import Link from "next/link";
import { signUpAction } from "@/lib/accounts/actions/auth";
import { Field, FormMessage } from "@/components/ui/field";
import { keepFormSubmit } from "@/components/ui/use-keep-form-submit";
import { PASSWORD_MIN } from "@/lib/accounts/schemas";

export function SignUpForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState(signUpAction, null);
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  return (
    // a refused submit keeps what was typed (React would reset the form after an action)
    <form action={action} onSubmit={keepFormSubmit(action)} className="space-y-4" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <FormMessage message={state && !state.ok ? state.message : undefined} />
      <Field name="email" label="Email" type="email" autoComplete="email" required errors={errors?.email} />
      <Field name="displayName" label="Display name" autoComplete="nickname" required errors={errors?.displayName} hint="Shown on decks you share." />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        errors={errors?.password}
        hint={`At least ${PASSWORD_MIN} characters.`}
      />
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? "Creating account…" : "Create account"}
      </button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link className="font-semibold text-blue-700 underline" href={`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`}>
          Sign in
        </Link>
      </p>
    </form>
  );
}

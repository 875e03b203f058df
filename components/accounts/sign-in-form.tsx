"use client";

import { useActionState } from "react";
import Link from "next/link";
import { signInAction } from "@/lib/accounts/actions/auth";
import { Field, FormMessage } from "@/components/ui/field";
import { keepFormSubmit } from "@/components/ui/use-keep-form-submit";

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState(signInAction, null);
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  return (
    // a refused submit keeps what was typed (React would reset the form after an action)
    <form action={action} onSubmit={keepFormSubmit(action)} className="space-y-4" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <FormMessage message={state && !state.ok ? state.message : undefined} />
      <Field name="email" label="Email" type="email" autoComplete="email" required errors={errors?.email} />
      <Field name="password" label="Password" type="password" autoComplete="current-password" required errors={errors?.password} />
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
      <p className="text-center text-sm text-slate-600">
        New here?{" "}
        <Link className="font-semibold text-blue-700 underline" href={`/signup?callbackUrl=${encodeURIComponent(callbackUrl)}`}>
          Create an account
        </Link>
      </p>
    </form>
  );
}

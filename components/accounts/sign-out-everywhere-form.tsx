"use client";

import { useActionState } from "react";
import { signOutEverywhereAction } from "@/lib/accounts/actions/account";
import { FormMessage } from "@/components/ui/field";

export function SignOutEverywhereForm() {
  const [state, action, pending] = useActionState(signOutEverywhereAction, null);
  return (
    <form action={action} className="space-y-2">
      <FormMessage message={state && !state.ok ? state.message : undefined} />
      <button type="submit" className="btn-secondary" disabled={pending}>
        {pending ? "Signing out…" : "Sign out everywhere"}
      </button>
    </form>
  );
}

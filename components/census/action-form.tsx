"use client";

import { useActionState } from "react";
import type { ActionResult } from "@/lib/server/action-result";
import { FormMessage } from "@/components/ui/field";

type Action<T> = (prev: ActionResult<T> | null, form: FormData) => Promise<ActionResult<T>>;

/**
 * A small census form on its server action: hidden fields, the controls given
 * as children, one submit button, and the result announced in place (field
 * errors listed under the form).
 */
export function ActionForm<T>({
  action,
  hidden,
  submit,
  pendingLabel = "Saving…",
  className = "space-y-2",
  buttonClass = "btn-secondary",
  testId,
  children,
}: {
  action: Action<T>;
  hidden: Record<string, string>;
  submit: string;
  pendingLabel?: string;
  className?: string;
  buttonClass?: string;
  testId?: string;
  children?: React.ReactNode;
}) {
  const [state, formAction, pending] = useActionState<ActionResult<T> | null, FormData>(action, null);
  const errors = state && !state.ok ? Object.values(state.fieldErrors ?? {}).flat() : [];
  return (
    <form action={formAction} className={className} noValidate data-testid={testId}>
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {children}
      <button type="submit" className={buttonClass} disabled={pending}>
        {pending ? pendingLabel : submit}
      </button>
      <FormMessage message={state?.message} tone={state?.ok ? "success" : "error"} />
      <div aria-live="polite">
        {errors.map((e) => (
          <p key={e} className="field-error">
            {e}
          </p>
        ))}
      </div>
    </form>
  );
}

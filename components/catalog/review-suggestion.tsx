"use client";

import { useActionState, useId } from "react";
import type { ActionResult } from "@/lib/server/action-result";
import { acceptSuggestionAction, rejectSuggestionAction } from "@/lib/catalog/actions/suggestions";
import { FormMessage } from "@/components/ui/field";
import { keepFormSubmit } from "@/components/ui/use-keep-form-submit";

/** Accept / reject-with-reason controls for one pending suggestion. */
export function ReviewSuggestion({ id, title }: { id: string; title: string }) {
  const [accepted, accept, accepting] = useActionState<ActionResult | null, FormData>(acceptSuggestionAction, null);
  const [rejected, reject, rejecting] = useActionState<ActionResult | null, FormData>(rejectSuggestionAction, null);
  const reasonId = useId();
  const last = rejected ?? accepted;
  return (
    <div className="space-y-2 border-t border-slate-100 pt-2">
      <FormMessage message={last?.message} tone={last?.ok ? "success" : "error"} />
      <div className="flex flex-wrap items-end gap-3">
        <form action={accept}>
          <input type="hidden" name="id" value={id} />
          <button type="submit" className="btn-primary" disabled={accepting || rejecting} aria-label={`Accept suggestion: ${title}`}>
            Accept
          </button>
        </form>
        <form action={reject} onSubmit={keepFormSubmit(reject)} className="flex flex-1 flex-wrap items-end gap-2">
          <input type="hidden" name="id" value={id} />
          <div className="min-w-48 flex-1">
            <label htmlFor={reasonId} className="label">
              Reason for rejecting
            </label>
            <input id={reasonId} name="reason" className="input" aria-describedby={`${reasonId}-err`} />
            <div id={`${reasonId}-err`} aria-live="polite">
              {rejected && !rejected.ok && rejected.fieldErrors?.reason?.map((e) => <p key={e} className="field-error">{e}</p>)}
            </div>
          </div>
          <button type="submit" className="btn-danger" disabled={accepting || rejecting} aria-label={`Reject suggestion: ${title}`}>
            Reject
          </button>
        </form>
      </div>
    </div>
  );
}

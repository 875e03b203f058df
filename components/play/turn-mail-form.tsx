"use client";

import { useActionState } from "react";
import { setTurnMailAction } from "@/lib/play/notification-actions";
import { FormMessage } from "@/components/ui/field";
import { keepFormSubmit } from "@/components/ui/use-keep-form-submit";

/** The account page's opt-out of the "your move" mail of correspondence games. */
export function TurnMailForm({ on }: { on: boolean }) {
  const [state, action, pending] = useActionState(setTurnMailAction, null);
  return (
    <form action={action} onSubmit={keepFormSubmit(action)} className="space-y-3" noValidate>
      <FormMessage message={state?.message} tone={state?.ok ? "success" : "error"} />
      <fieldset className="space-y-1 text-sm">
        <legend className="font-semibold">When a correspondence game waits for my move</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="turnMail" value="on" defaultChecked={on} /> Send me a mail
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="turnMail" value="off" defaultChecked={!on} /> No mail
        </label>
      </fieldset>
      <button type="submit" className="btn-primary" disabled={pending} data-testid="save-turn-mail">
        {pending ? "Saving…" : "Save"}
      </button>
    </form>
  );
}

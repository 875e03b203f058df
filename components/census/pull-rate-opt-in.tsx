"use client";

import { useActionState } from "react";
import { pullRateOptInAction } from "@/lib/census/actions";
import { FormMessage } from "@/components/ui/field";
import { keepFormSubmit } from "@/components/ui/use-keep-form-submit";

/** The account page's opt-in: let my logged booster packs count towards the anonymous pull-rate figures. */
export function PullRateOptInForm({ on, minimum }: { on: boolean; minimum: number }) {
  const [state, action, pending] = useActionState(pullRateOptInAction, null);
  return (
    <form action={action} onSubmit={keepFormSubmit(action)} className="space-y-3" noValidate>
      <FormMessage message={state?.message} tone={state?.ok ? "success" : "error"} />
      <fieldset className="space-y-1 text-sm">
        <legend className="font-semibold">My logged booster packs</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="optIn" value="on" defaultChecked={on} /> Count them, anonymously, in the set pages&apos; pull rates
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="optIn" value="off" defaultChecked={!on} /> Keep them out of every figure
        </label>
      </fieldset>
      <p className="text-xs text-slate-600">
        Figures never name anyone and appear only when at least {minimum} people&apos;s packs are behind them. Opting out takes your packs out at once.
      </p>
      <button type="submit" className="btn-primary" disabled={pending} data-testid="save-pull-rates">
        {pending ? "Saving…" : "Save"}
      </button>
    </form>
  );
}

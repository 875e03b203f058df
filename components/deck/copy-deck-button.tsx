"use client";

import { useActionState } from "react";
import { copyDeckAction, copyDeckCodeAction, createFromStarterAction } from "@/lib/actions/decks";
import { FormMessage } from "@/components/ui/field";

/** "Copy to my decks" for a shared deck, a deck code or a starter deck. */
export function CopyDeckButton({ source, label = "Copy to my decks" }: { source: { slug: string } | { code: string } | { starter: string }; label?: string }) {
  const action = "slug" in source ? copyDeckAction : "code" in source ? copyDeckCodeAction : createFromStarterAction;
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className="inline-flex flex-col gap-1">
      {"slug" in source && <input type="hidden" name="slug" value={source.slug} />}
      {"code" in source && <input type="hidden" name="code" value={source.code} />}
      {"starter" in source && <input type="hidden" name="slug" value={source.starter} />}
      <button type="submit" className="btn-primary" disabled={pending}>
        {pending ? "Copying…" : label}
      </button>
      {state && !state.ok && <FormMessage message={state.message} />}
    </form>
  );
}

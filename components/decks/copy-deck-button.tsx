"use client";

import { useActionState } from "react";
import { copyDeckAction, copyDeckCodeAction, createFromStarterAction } from "@/lib/decks/actions";
import { FormMessage } from "@/components/ui/field";
import { useDeckCommunity } from "@/components/community/community-context";
import { countText } from "@/lib/util/count-text";

/** "Copy to my decks" for a shared deck (with how many people copied it), a deck code or a starter deck. */
export function CopyDeckButton({ source, label = "Copy to my decks" }: { source: { slug: string } | { code: string } | { starter: string }; label?: string }) {
  const action = "slug" in source ? copyDeckAction : "code" in source ? copyDeckCodeAction : createFromStarterAction;
  const [state, formAction, pending] = useActionState(action, null);
  // On a shared deck's page: how many people copied it.
  const copies = useDeckCommunity()?.data?.counts.copies;
  return (
    <form action={formAction} className="inline-flex flex-col gap-1">
      {"slug" in source && <input type="hidden" name="slug" value={source.slug} />}
      {"code" in source && <input type="hidden" name="code" value={source.code} />}
      {"starter" in source && <input type="hidden" name="slug" value={source.starter} />}
      <button type="submit" className="btn-primary" disabled={pending}>
        {pending ? "Copying…" : label}
        {copies !== undefined && !pending && (
          <span className="ml-2 rounded-full bg-white/25 px-2 text-xs font-semibold" data-testid="copy-button-count">
            {countText(copies)}
            <span className="sr-only"> {copies === 1 ? "copy" : "copies"} so far</span>
          </span>
        )}
      </button>
      {state && !state.ok && <FormMessage message={state.message} />}
    </form>
  );
}

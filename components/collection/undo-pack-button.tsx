"use client";

import { useActionState } from "react";
import { undoLastPack } from "@/lib/actions/collection";
import { FormMessage } from "@/components/ui/field";

/** Undoes the signed-in user's last pack opening (the one named by packId); says what happened in a live region. */
export function UndoPackButton({ packId, cardCount }: { packId: string; cardCount: number }) {
  const [state, action, pending] = useActionState(undoLastPack, null);
  return (
    <form action={action} className="space-y-2">
      <input type="hidden" name="packId" value={packId} />
      <button type="submit" className="btn-secondary" disabled={pending || state?.ok === true}>
        {pending ? "Undoing…" : `Undo this pack (${cardCount} card${cardCount === 1 ? "" : "s"})`}
      </button>
      <FormMessage message={state?.message} tone={state?.ok ? "success" : "error"} />
    </form>
  );
}

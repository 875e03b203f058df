"use client";

import { useActionState } from "react";
import { undoLastPack } from "@/lib/collection/actions";
import { FormMessage } from "@/components/ui/field";

/**
 * Undoes the signed-in user's last pack opening (the one named by packId) and
 * says what happened in a live region. Stays mounted when there is no pack
 * left to undo, so the message outlives the page refresh that follows.
 */
export function UndoPackButton({ packId, cardCount }: { packId: string | null; cardCount: number }) {
  const [state, action, pending] = useActionState(undoLastPack, null);
  const justUndone = state?.ok === true && state.data.id === packId;
  return (
    <form action={action} className="space-y-2">
      {packId && (
        <>
          <input type="hidden" name="packId" value={packId} />
          <button type="submit" className="btn-secondary" disabled={pending || justUndone}>
            {pending ? "Undoing…" : `Undo last pack (${cardCount} card${cardCount === 1 ? "" : "s"})`}
          </button>
        </>
      )}
      <FormMessage message={state?.message} tone={state?.ok ? "success" : "error"} />
    </form>
  );
}

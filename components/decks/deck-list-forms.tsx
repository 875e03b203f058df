"use client";

import { useActionState, useState } from "react";
import { copyDeckAction, createDeckAction, deleteDeckAction } from "@/lib/decks/actions";
import { FormMessage } from "@/components/ui/field";

/** Create a new, empty deck and open it. */
export function NewDeckForm() {
  const [state, action, pending] = useActionState(createDeckAction, null);
  return (
    <form action={action} className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor="new-deck-name" className="label">
          New deck name
        </label>
        <input id="new-deck-name" name="name" className="input" placeholder="Untitled deck" maxLength={100} />
      </div>
      <button type="submit" className="btn-primary" disabled={pending}>
        {pending ? "Creating…" : "Create deck"}
      </button>
      {state && !state.ok && <FormMessage message={state.message} />}
    </form>
  );
}

/** Duplicate and delete (with a confirmation step) for one of the user's decks. */
export function DeckRowActions({ deckId, name }: { deckId: string; name: string }) {
  const [dupState, dupAction, dupPending] = useActionState(copyDeckAction, null);
  const [delState, delAction, delPending] = useActionState(deleteDeckAction, null);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <form action={dupAction}>
        <input type="hidden" name="deckId" value={deckId} />
        <button type="submit" className="btn-secondary" disabled={dupPending} aria-label={`Duplicate ${name}`}>
          Duplicate
        </button>
      </form>
      {confirming ? (
        <form action={delAction} className="flex items-center gap-2" role="group" aria-label={`Confirm deleting ${name}`}>
          <input type="hidden" name="deckId" value={deckId} />
          <span className="text-sm">Delete “{name}” and its history?</span>
          <button type="submit" className="btn-danger" disabled={delPending}>
            Yes, delete
          </button>
          <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <button type="button" className="btn-secondary" onClick={() => setConfirming(true)} aria-label={`Delete ${name}`}>
          Delete
        </button>
      )}
      <div className="w-full">
        {dupState && <FormMessage message={dupState.message} tone={dupState.ok ? "success" : "error"} />}
        {delState && !delState.ok && <FormMessage message={delState.message} />}
      </div>
    </div>
  );
}

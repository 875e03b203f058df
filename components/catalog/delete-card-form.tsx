"use client";

import { useActionState } from "react";
import type { ActionResult } from "@/lib/server/action-result";
import { deleteCardAction } from "@/lib/catalog/actions/catalog";
import { FormMessage } from "@/components/ui/field";

/** Delete button with a confirmation; the server refuses cards in use and says where. */
export function DeleteCardForm({ id, label }: { id: string; label: string }) {
  const [state, action, pending] = useActionState<ActionResult | null, FormData>(deleteCardAction, null);
  return (
    <form
      action={action}
      onSubmit={(e) => {
        if (!window.confirm(`Delete ${label}? This cannot be undone.`)) e.preventDefault();
      }}
      className="space-y-2"
    >
      <input type="hidden" name="id" value={id} />
      <FormMessage message={state && !state.ok ? state.message : undefined} />
      <button type="submit" className="btn-danger" disabled={pending}>
        {pending ? "Deleting…" : "Delete card"}
      </button>
    </form>
  );
}

"use client";

import { useActionState } from "react";
import { moderateChatAction } from "@/lib/play/chat-actions";
import { FormMessage } from "@/components/ui/field";

/** An admin's choices for a reported chat message: hide it from its room, or keep it (either closes its reports). */
export function ModerateChat({ messageId }: { messageId: number }) {
  const [state, formAction, pending] = useActionState(moderateChatAction, null);
  return (
    <form action={formAction} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="messageId" value={messageId} />
      <button type="submit" name="action" value="hide" className="btn-primary" disabled={pending}>
        Hide
      </button>
      <button type="submit" name="action" value="keep" className="btn-secondary" disabled={pending}>
        Keep (close reports)
      </button>
      <FormMessage message={state && !state.ok ? state.message : undefined} />
    </form>
  );
}

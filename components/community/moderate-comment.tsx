"use client";

import { useActionState } from "react";
import { moderateCommentAction } from "@/lib/community/actions";
import { FormMessage } from "@/components/ui/field";

/** An admin's choices for a comment in the moderation queue: hide, restore (keep) or delete. */
export function ModerateComment({ commentId, hidden }: { commentId: string; hidden: boolean }) {
  const [state, formAction, pending] = useActionState(moderateCommentAction, null);
  return (
    <form action={formAction} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="commentId" value={commentId} />
      {hidden ? (
        <button type="submit" name="action" value="restore" className="btn-secondary" disabled={pending}>
          Restore
        </button>
      ) : (
        <>
          <button type="submit" name="action" value="hide" className="btn-primary" disabled={pending}>
            Hide
          </button>
          <button type="submit" name="action" value="restore" className="btn-secondary" disabled={pending}>
            Keep (close reports)
          </button>
        </>
      )}
      <button type="submit" name="action" value="delete" className="btn-danger" disabled={pending}>
        Delete
      </button>
      <FormMessage message={state && !state.ok ? state.message : undefined} />
    </form>
  );
}

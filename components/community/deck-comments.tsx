"use client";

import Link from "next/link";
import { useId, useState, useTransition } from "react";
import { addCommentAction, deleteCommentAction, editCommentAction, reportCommentAction } from "@/lib/community/actions";
import { COMMENT_MAX, REPORT_REASON_MAX, type CommentDTO } from "@/lib/community/types";
import { LazyMarkdown as Markdown } from "@/components/decks/lazy-markdown";
import { useDeckCommunity } from "@/components/community/community-context";
import { useNearScreen } from "@/components/ui/use-near-screen";
import { countText } from "@/lib/util/count-text";

type Result = { ok: true; message?: string } | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

function firstError(r: Result): string | null {
  if (r.ok) return null;
  const field = r.fieldErrors && Object.values(r.fieldErrors)[0]?.[0];
  return field ?? r.message;
}

// made on first use, not when the module loads: building an Intl formatter loads ICU's locale data (milliseconds of
// main-thread work), and this module loads with every shared deck page, comments or not
let dateFormat: Intl.DateTimeFormat | null = null;
const commentDate = (iso: string) => (dateFormat ??= new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" })).format(new Date(iso));

/** The comment box: markdown like deck descriptions, with a live character count and errors read out. */
function CommentEditor({
  label,
  initial = "",
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  onSubmit: (body: string) => Promise<Result>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const over = body.trim().length > COMMENT_MAX;
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        start(async () => {
          const r = await onSubmit(body);
          if (r.ok) setBody("");
          else setError(firstError(r));
        });
      }}
    >
      <label htmlFor={`${id}-body`} className="label">
        {label}
      </label>
      <textarea
        id={`${id}-body`}
        name="body"
        className="input min-h-24"
        value={body}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        rows={4}
      />
      <p id={`${id}-hint`} className={`text-xs ${over ? "text-red-700" : "text-slate-500"}`}>
        Markdown: **bold**, *italic*, lists, [links](https://example.com). {body.trim().length.toLocaleString("en")} / {COMMENT_MAX.toLocaleString("en")} characters.
      </p>
      <div id={`${id}-error`} aria-live="polite">
        {error && <p className="field-error">{error}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function ReportForm({ comment, onDone, onCancel }: { comment: CommentDTO; onDone: (message: string) => void; onCancel: () => void }) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <form
      className="mt-2 space-y-2 rounded border border-amber-300 bg-amber-50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        start(async () => {
          const r = await reportCommentAction({ commentId: comment.id, reason });
          if (r.ok) onDone(r.message ?? "Reported.");
          else setError(firstError(r));
        });
      }}
    >
      <label htmlFor={`${id}-reason`} className="label">
        Why should an admin review this comment?
      </label>
      <textarea id={`${id}-reason`} className="input" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={REPORT_REASON_MAX} aria-invalid={error ? true : undefined} aria-describedby={`${id}-error`} />
      <div id={`${id}-error`} aria-live="polite">
        {error && <p className="field-error">{error}</p>}
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn-danger" disabled={pending}>
          {pending ? "Sending…" : "Send report"}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function CommentItem({ comment, signedIn, rich, onChanged, announce }: { comment: CommentDTO; signedIn: boolean; rich: boolean; onChanged: () => Promise<void>; announce: (m: string) => void }) {
  const [mode, setMode] = useState<"view" | "edit" | "report" | "confirm-delete">("view");
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <li className={`rounded-md border p-3 ${comment.hidden ? "border-amber-300 bg-amber-50" : "border-slate-200"}`} data-testid="comment">
      <article aria-label={`Comment by ${comment.authorName}`}>
        <header className="mb-1 flex flex-wrap items-baseline gap-x-2 text-sm">
          <Link href={`/authors/${comment.authorId}`} className="font-semibold text-blue-800 underline">
            {comment.authorName}
          </Link>
          <time dateTime={comment.createdAt} className="text-slate-500">
            {rich ? commentDate(comment.createdAt) : comment.createdAt.slice(0, 10)}
          </time>
          {comment.editedAt && <span className="text-slate-500">(edited)</span>}
          {comment.hidden && <span className="badge">Hidden by a moderator: only its author and admins see it</span>}
        </header>
        {mode === "edit" ? (
          <CommentEditor
            label="Edit your comment"
            initial={comment.body}
            submitLabel="Save"
            onCancel={() => setMode("view")}
            onSubmit={async (body) => {
              const r = await editCommentAction({ commentId: comment.id, body });
              if (r.ok) {
                setMode("view");
                announce("Comment saved.");
                await onChanged();
              }
              return r;
            }}
          />
        ) : rich ? (
          <Markdown text={comment.body} />
        ) : (
          <p className="whitespace-pre-wrap break-words">{comment.body}</p>
        )}
        {mode !== "edit" && (
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            {comment.mine && !comment.hidden && mode === "view" && (
              <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => setMode("edit")}>
                Edit
              </button>
            )}
            {comment.mine && mode === "view" && (
              <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => setMode("confirm-delete")}>
                Delete
              </button>
            )}
            {mode === "confirm-delete" && (
              <>
                <span>Delete this comment?</span>
                <button
                  type="button"
                  className="btn-danger px-2 py-1 text-xs"
                  disabled={pending}
                  onClick={() =>
                    start(async () => {
                      const r = await deleteCommentAction(comment.id);
                      if (!r.ok) return setError(r.message);
                      announce("Comment deleted.");
                      await onChanged();
                    })
                  }
                >
                  Yes, delete
                </button>
                <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => setMode("view")}>
                  Keep
                </button>
              </>
            )}
            {signedIn && !comment.mine && !comment.hidden && mode === "view" &&
              (comment.reportedByMe ? (
                <span className="text-slate-500">Reported: an admin will review it.</span>
              ) : (
                <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => setMode("report")}>
                  Report
                </button>
              ))}
          </div>
        )}
        {mode === "report" && (
          <ReportForm
            comment={comment}
            onCancel={() => setMode("view")}
            onDone={(m) => {
              setMode("view");
              announce(m);
              void onChanged();
            }}
          />
        )}
        <div aria-live="polite">{error && <p className="field-error">{error}</p>}</div>
      </article>
    </li>
  );
}

/** The comments of a public deck: read by anyone, written by signed-in people, reported to admins. */
export function DeckComments({ returnTo }: { returnTo: string }) {
  const c = useDeckCommunity();
  const [announcement, setAnnouncement] = useState("");
  // the markdown renderer (its own 34 kB chunk and a first render) loads when the comments come near the screen, not
  // during the page's start: until then a comment shows its text as written, and its date as YYYY-MM-DD (the date
  // formatter too is main-thread work)
  const { near, ref } = useNearScreen<HTMLElement>("600px");
  if (!c || c.status === "none" || !c.data || !c.data.open) return null;
  const { comments, viewer } = c.data;
  const visible = comments.filter((x) => !x.hidden).length;
  return (
    <section ref={ref} className="panel space-y-4 print:hidden" aria-labelledby="comments-heading" data-testid="deck-comments">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="comments-heading" className="text-lg font-semibold">
          Comments <span className="text-slate-500">({countText(visible)})</span>
        </h2>
        {viewer.isAdmin && (
          <Link href="/admin/comments" className="text-sm text-blue-700 underline">
            Moderation queue
          </Link>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {comments.length === 0 ? (
        <p className="text-slate-600">No comments yet.{viewer.signedIn ? " Be the first to say what you think of this deck." : ""}</p>
      ) : (
        <ol className="space-y-3" aria-label="Comments">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} signedIn={viewer.signedIn} rich={near} onChanged={c.refresh} announce={setAnnouncement} />
          ))}
        </ol>
      )}
      {viewer.signedIn ? (
        <CommentEditor
          label="Add a comment"
          submitLabel="Post comment"
          onSubmit={async (body) => {
            const r = await addCommentAction({ slug: c.slug, body });
            if (r.ok) {
              setAnnouncement("Comment posted.");
              await c.refresh();
            }
            return r;
          }}
        />
      ) : (
        <p>
          <Link className="btn-secondary" href={`/signin?callbackUrl=${encodeURIComponent(returnTo)}`} prefetch={false}>
            Sign in to comment
          </Link>
        </p>
      )}
    </section>
  );
}

"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { setDeckLikeAction } from "@/lib/community/actions";
import { useDeckCommunity } from "@/components/community/community-context";
import { countText } from "@/lib/util/count-text";

function plural(n: number, one: string, many: string): string {
  return `${countText(n)} ${n === 1 ? one : many}`;
}

/** A shared deck's likes, views and copies, with the like button (public decks, signed-in people other than the owner). */
export function DeckCommunityBar({ returnTo }: { returnTo: string }) {
  const c = useDeckCommunity();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  if (!c || c.status === "none") return null;
  if (!c.data) {
    return (
      <p className="mt-2 text-sm text-slate-500" aria-live="polite">
        {c.status === "error" ? "Likes and comments could not be loaded." : "Loading likes and views…"}
      </p>
    );
  }
  const { counts, viewer, open } = c.data;

  function toggle() {
    if (!c?.data) return;
    const like = !c.data.viewer.liked;
    setMessage(null);
    start(async () => {
      const r = await setDeckLikeAction({ slug: c.slug, like });
      if (!r.ok) {
        setMessage(r.message);
        return;
      }
      c.update((d) => ({ ...d, counts: { ...d.counts, likes: r.data.likes }, viewer: { ...d.viewer, liked: r.data.liked } }));
    });
  }

  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700" data-testid="deck-community-bar">
      {open &&
        (viewer.signedIn && !viewer.isOwner ? (
          <button type="button" className="btn-secondary gap-1.5" aria-pressed={viewer.liked} onClick={toggle} disabled={pending} data-testid="like-button">
            <span aria-hidden="true" className={viewer.liked ? "text-red-600" : "text-slate-400"}>
              ♥
            </span>
            {viewer.liked ? "Liked" : "Like"}
            <span className="rounded-full bg-slate-100 px-2 text-xs font-semibold" data-testid="like-count">
              {countText(counts.likes)}
              <span className="sr-only"> {counts.likes === 1 ? "like" : "likes"}</span>
            </span>
          </button>
        ) : (
          <span data-testid="like-count-text">
            <span aria-hidden="true" className="text-red-600">
              ♥
            </span>{" "}
            {plural(counts.likes, "like", "likes")}
            {!viewer.signedIn && (
              <>
                {" · "}
                <Link className="text-blue-700 underline" href={`/signin?callbackUrl=${encodeURIComponent(returnTo)}`} prefetch={false}>
                  Sign in to like
                </Link>
              </>
            )}
          </span>
        ))}
      <span data-testid="view-count">{plural(counts.views, "view", "views")}</span>
      <span data-testid="copy-count">Copied by {plural(counts.copies, "person", "people")}</span>
      {!open && <span className="text-slate-500">Unlisted: likes and comments are open on public decks only.</span>}
      <span aria-live="polite" className="field-error">
        {message}
      </span>
    </div>
  );
}

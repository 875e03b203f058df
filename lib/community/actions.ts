"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { invalidate } from "@/lib/server/cache/invalidate";
import { PUBLIC_DECKS_TAG } from "@/lib/server/cache/tags";
import { failFrom, ok, zodFail, type ActionResult } from "@/lib/server/action-result";
import { requireUser } from "@/lib/server/session";
import { addComment, deleteComment, editComment, moderateComment, recordDeckView, reportComment, setDeckLike } from "@/lib/community/data";
import { limit, type LimitKind } from "@/lib/server/rate-limit";
import { clientAddress } from "@/lib/server/client-address";
import { RateLimitedError } from "@/lib/server/errors";
import type { CommentDTO } from "@/lib/community/types";
import { addCommentSchema, commentIdSchema, editCommentSchema, likeSchema, moderateSchema, reportCommentSchema, shareSlugSchema } from "@/lib/community/schemas";

/**
 * Likes, views, comments, reports and moderation: validate (zod), authenticate,
 * rate-limit per user, then the DAL authorizes and acts. Failures come back as
 * action results with the domain error's code and message.
 */

async function signedInWithin(kind: LimitKind) {
  const user = await requireUser();
  await limit(kind, user.id);
  return user;
}

/**
 * The public deck list shows likes and comment counts and sorts by them: it is
 * invalidated at once (views refresh within the cache lifetime). The deck page
 * itself loads its community part in the browser, so it needs no invalidation.
 */
async function revalidateCommunity(slug: string) {
  await invalidate([PUBLIC_DECKS_TAG]);
  revalidatePath("/decks/public");
  revalidatePath(`/d/${slug}`);
}

/**
 * Counts a view of a shared deck (once per visitor per UTC day; never the
 * owner's, never a private deck's). Called by the deck page in the browser.
 */
export async function recordDeckViewAction(slug: unknown): Promise<{ counted: boolean }> {
  const parsed = shareSlugSchema.safeParse(slug);
  if (!parsed.success) return { counted: false };
  const address = clientAddress(await headers());
  try {
    await limit("deck-view", address);
  } catch (e) {
    if (e instanceof RateLimitedError) return { counted: false };
    throw e;
  }
  return { counted: await recordDeckView(parsed.data, address) };
}

/** Likes or unlikes a public deck. */
export async function setDeckLikeAction(input: unknown): Promise<ActionResult<{ liked: boolean; likes: number }>> {
  const parsed = likeSchema.safeParse(input);
  if (!parsed.success) return zodFail(parsed.error, "Which deck?");
  try {
    await signedInWithin("like");
    const r = await setDeckLike(parsed.data.slug, parsed.data.like);
    await revalidateCommunity(parsed.data.slug);
    return ok(r, r.liked ? "Liked." : "Like removed.");
  } catch (e) {
    return failFrom(e);
  }
}

/** Adds a markdown comment to a public deck. */
export async function addCommentAction(input: unknown): Promise<ActionResult<CommentDTO>> {
  const parsed = addCommentSchema.safeParse(input);
  if (!parsed.success) return zodFail(parsed.error, parsed.error.issues[0].message);
  try {
    await signedInWithin("comment");
    const comment = await addComment(parsed.data.slug, parsed.data.body);
    await revalidateCommunity(parsed.data.slug);
    return ok(comment, "Comment posted.");
  } catch (e) {
    return failFrom(e);
  }
}

/** Edits one's own comment. */
export async function editCommentAction(input: unknown): Promise<ActionResult<CommentDTO>> {
  const parsed = editCommentSchema.safeParse(input);
  if (!parsed.success) return zodFail(parsed.error, parsed.error.issues[0].message);
  try {
    await signedInWithin("comment");
    const r = await editComment(parsed.data.commentId, parsed.data.body);
    await revalidateCommunity(r.slug);
    return ok(r.comment, "Comment saved.");
  } catch (e) {
    return failFrom(e);
  }
}

/** Deletes one's own comment (admins: any comment). */
export async function deleteCommentAction(commentId: unknown): Promise<ActionResult> {
  const parsed = commentIdSchema.safeParse(commentId);
  if (!parsed.success) return zodFail(parsed.error, "Which comment?");
  try {
    await signedInWithin("comment");
    const r = await deleteComment(parsed.data);
    await revalidateCommunity(r.slug);
    return ok(undefined, "Comment deleted.");
  } catch (e) {
    return failFrom(e);
  }
}

/** Reports a comment to the admins, with a reason. */
export async function reportCommentAction(input: unknown): Promise<ActionResult> {
  const parsed = reportCommentSchema.safeParse(input);
  if (!parsed.success) return zodFail(parsed.error, parsed.error.issues[0].message);
  try {
    await signedInWithin("report");
    await reportComment(parsed.data.commentId, parsed.data.reason);
    revalidatePath("/admin/comments");
    return ok(undefined, "Reported. An admin will review this comment.");
  } catch (e) {
    return failFrom(e);
  }
}

/** An admin hides, restores or deletes a comment from the moderation queue, then sees the queue again with what was done. */
export async function moderateCommentAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = moderateSchema.safeParse({ commentId: form.get("commentId"), action: form.get("action") });
  if (!parsed.success) return zodFail(parsed.error, "Choose hide, restore or delete.");
  try {
    await signedInWithin("moderation");
    const r = await moderateComment(parsed.data.commentId, parsed.data.action);
    await revalidateCommunity(r.slug);
    revalidatePath("/admin/comments");
    revalidatePath("/admin");
  } catch (e) {
    return failFrom(e);
  }
  redirect(`/admin/comments?done=${parsed.data.action}`);
}

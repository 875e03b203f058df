"use server";

import { zodFail } from "@/lib/server/action-result";
import { defineAction, defineFormAction } from "@/lib/server/action";
import { PUBLIC_DECKS_TAG } from "@/lib/server/cache/tags";
import { addComment, deleteComment, editComment, moderateComment, recordDeckView, reportComment, setDeckLike } from "@/lib/community/data";
import { addCommentSchema, commentIdSchema, editCommentSchema, likeSchema, moderateSchema, reportCommentSchema, shareSlugSchema } from "@/lib/community/schemas";

/**
 * Likes, views, comments, reports and moderation, each through the action
 * pipeline (validate, authenticate, rate-limit per user, run); the DAL
 * authorizes what the actor may do to which comment. The public deck list
 * shows likes and comment counts and sorts by them: its tag is invalidated at
 * once (views refresh within the cache lifetime). The deck page loads its
 * community part in the browser, so it needs no invalidation.
 */
const communityWrite = { auth: "user", invalidates: () => [PUBLIC_DECKS_TAG], refresh: true } as const;

/**
 * Counts a view of a shared deck (once per visitor per UTC day; never the
 * owner's, never a private deck's). Called by the deck page in the browser;
 * past the per-address limit a view is not counted.
 */
export const recordDeckViewAction = defineAction({
  input: shareSlugSchema,
  auth: "public",
  limit: { kind: "deck-view", by: "address" },
  run: async (slug, actor, { address }) => ({ ok: true, data: { counted: await recordDeckView(actor, slug, await address()) } }),
});

/** Likes or unlikes a public deck. */
export const setDeckLikeAction = defineAction({
  ...communityWrite,
  input: likeSchema,
  invalid: (e) => zodFail(e, "Which deck?"),
  limit: "like",
  run: async ({ slug, like }, actor) => {
    const r = await setDeckLike(actor, slug, like);
    return { ok: true, data: r, message: r.liked ? "Liked." : "Like removed." };
  },
});

/** Adds a markdown comment to a public deck. */
export const addCommentAction = defineAction({
  ...communityWrite,
  input: addCommentSchema,
  invalid: (e) => zodFail(e, e.issues[0].message),
  limit: "comment",
  run: async ({ slug, body }, actor) => ({ ok: true, data: await addComment(actor, slug, body), message: "Comment posted." }),
});

/** Edits one's own comment. */
export const editCommentAction = defineAction({
  ...communityWrite,
  input: editCommentSchema,
  invalid: (e) => zodFail(e, e.issues[0].message),
  limit: "comment",
  run: async ({ commentId, body }, actor) => ({ ok: true, data: (await editComment(actor, commentId, body)).comment, message: "Comment saved." }),
});

/** Deletes one's own comment (admins: any comment). */
export const deleteCommentAction = defineAction({
  ...communityWrite,
  input: commentIdSchema,
  invalid: (e) => zodFail(e, "Which comment?"),
  limit: "comment",
  run: async (commentId, actor) => {
    await deleteComment(actor, commentId);
    return { ok: true, data: undefined, message: "Comment deleted." };
  },
});

/** Reports a comment to the admins, with a reason. */
export const reportCommentAction = defineAction({
  input: reportCommentSchema,
  invalid: (e) => zodFail(e, e.issues[0].message),
  auth: "user",
  limit: "report",
  run: async ({ commentId, reason }, actor) => {
    await reportComment(actor, commentId, reason);
    return { ok: true, data: undefined, message: "Reported. An admin will review this comment." };
  },
  refresh: true,
});

/** An admin hides, restores or deletes a comment from the moderation queue, then sees the queue again with what was done. */
export const moderateCommentAction = defineFormAction({
  ...communityWrite,
  auth: "admin",
  input: moderateSchema,
  invalid: (e) => zodFail(e, "Choose hide, restore or delete."),
  limit: "moderation",
  run: async ({ commentId, action }, actor) => {
    await moderateComment(actor, commentId, action);
    return { ok: true, data: undefined };
  },
  redirect: (_data, input) => `/admin/comments?done=${input.action}`,
});

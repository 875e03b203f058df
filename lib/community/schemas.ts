import { z } from "zod";
import { COMMENT_MAX, REPORT_REASON_MAX } from "@/lib/community/types";

/** A deck's share slug as it appears in /d/<slug>. */
export const shareSlugSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a deck link.");

export const commentIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a comment.");

export const deckSortSchema = z.enum(["new", "popular", "liked"]);

const count = (n: number) => n.toLocaleString("en");

export const commentBodySchema = z
  .string({ error: "Write a comment first." })
  .trim()
  .min(1, "Write a comment first.")
  .max(COMMENT_MAX, { error: (iss) => `A comment is at most ${count(COMMENT_MAX)} characters; this one has ${count(String(iss.input).length)}.` });

export const addCommentSchema = z.object({ slug: shareSlugSchema, body: commentBodySchema });
export const editCommentSchema = z.object({ commentId: commentIdSchema, body: commentBodySchema });

export const reportCommentSchema = z.object({
  commentId: commentIdSchema,
  reason: z
    .string({ error: "Say why this comment should be reviewed." })
    .trim()
    .min(3, "Say why this comment should be reviewed (at least 3 characters).")
    .max(REPORT_REASON_MAX, `A reason is at most ${REPORT_REASON_MAX} characters.`),
});

export const likeSchema = z.object({ slug: shareSlugSchema, like: z.boolean() });

export const moderateSchema = z.object({ commentId: commentIdSchema, action: z.enum(["hide", "restore", "delete"]) });

import "server-only";
import { createHmac } from "node:crypto";
import { db } from "@/lib/server/db/db";
import { invalidate } from "@/lib/server/cache/invalidate";
import { MODERATION_TAG } from "@/lib/server/cache/tags";
import { DomainError } from "@/lib/server/errors";
import { requireActor, requireAdminActor, type Actor } from "@/lib/server/actor";
import type { CommentDTO, DeckCommunityDTO, DeckCounts, ModerationAction, ModerationItemDTO } from "@/lib/community/types";
import type { Tx } from "@/lib/decks/data";

/**
 * Likes, views, copies and comments of shared decks (rules in lib/community/types).
 * Every function checks who is asking; counters live in DeckStats and change in
 * the same transaction as the rows they count.
 */

const ZERO: DeckCounts = { likes: 0, views: 0, copies: 0, comments: 0 };

function closed(): DomainError {
  return new DomainError("community/closed", "Likes and comments are open on public decks only.", { status: 403 });
}
function deckNotFound(): DomainError {
  return new DomainError("deck/not-found", "This deck does not exist.");
}
function commentNotFound(): DomainError {
  return new DomainError("comment/not-found", "This comment does not exist (it may have been deleted).");
}

function counts(row: { likes: number; views: number; copies: number; comments: number } | null): DeckCounts {
  return row ? { likes: row.likes, views: row.views, copies: row.copies, comments: row.comments } : { ...ZERO };
}

/** Adds `by` to one counter of a deck, creating its counters row if a deck somehow lacks one. */
async function bump(tx: Tx, deckId: string, field: keyof DeckCounts, by: 1 | -1) {
  await tx.deckStats.upsert({ where: { deckId }, create: { deckId, [field]: Math.max(0, by) }, update: { [field]: by > 0 ? { increment: 1 } : { decrement: 1 } } });
}

/** The counters row every new deck gets (called by createDeck inside its transaction). */
export async function createDeckStats(tx: Tx, deckId: string): Promise<void> {
  await tx.deckStats.create({ data: { deckId } });
}

/**
 * Counts a copy of a shared deck by someone other than its owner, once per
 * person (called by copyDeck after the copy was created).
 */
export async function recordDeckCopy(actor: Actor, sourceDeckId: string): Promise<void> {
  const userId = (requireActor(actor)).id;
  await db.$transaction(async (tx) => {
    const deck = await tx.deck.findUnique({ where: { id: sourceDeckId }, select: { ownerId: true } });
    if (!deck || deck.ownerId === userId) return;
    const seen = await tx.deckCopy.findUnique({ where: { deckId_userId: { deckId: sourceDeckId, userId } } });
    if (seen) return;
    await tx.deckCopy.create({ data: { deckId: sourceDeckId, userId } });
    await bump(tx, sourceDeckId, "copies", 1);
  });
}

/** The UTC day of `now` as "YYYY-MM-DD". */
function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The visitor key of a view: an HMAC (keyed with AUTH_SECRET) of the day and the
 * signed-in user's id, or for a guest the client address. The day is inside the
 * hash, so keys cannot be linked across days, and no address is stored.
 */
function visitorKey(day: string, who: string): string {
  return createHmac("sha256", process.env.AUTH_SECRET ?? "ringbinder-views").update(`${day}|${who}`).digest("base64url");
}

/**
 * Records a view of a shared (public or unlisted) deck: counted once per visitor
 * per UTC day, never for the owner, never for private decks. Returns whether
 * this view was counted.
 */
export async function recordDeckView(actor: Actor | null, slug: string, clientAddress: string, now = new Date()): Promise<boolean> {
  const viewer = actor;
  const deck = await db.deck.findUnique({ where: { shareSlug: slug }, select: { id: true, ownerId: true, visibility: true } });
  if (!deck || deck.visibility === "private" || deck.ownerId === viewer?.id) return false;
  const day = utcDay(now);
  const key = visitorKey(day, viewer ? `user:${viewer.id}` : `address:${clientAddress}`);
  const yesterday = utcDay(new Date(now.getTime() - 86_400_000));
  try {
    return await db.$transaction(async (tx) => {
      const seen = await tx.deckView.findUnique({ where: { deckId_day_visitorKey: { deckId: deck.id, day, visitorKey: key } } });
      if (seen) return false;
      await tx.deckView.create({ data: { deckId: deck.id, day, visitorKey: key } });
      await bump(tx, deck.id, "views", 1);
      // Only today's and yesterday's keys are needed to recognise a visitor; the total stays in DeckStats.
      await tx.deckView.deleteMany({ where: { deckId: deck.id, day: { lt: yesterday } } });
      return true;
    });
  } catch (e) {
    // Two requests of one visitor at once: the other one counted it.
    if ((e as { code?: string }).code === "P2002") return false;
    throw e;
  }
}

const commentSelect = {
  id: true,
  authorId: true,
  body: true,
  status: true,
  createdAt: true,
  editedAt: true,
  author: { select: { displayName: true } },
} as const;

function toCommentDTO(
  row: { id: string; authorId: string; body: string; status: string; createdAt: Date; editedAt: Date | null; author: { displayName: string } },
  viewerId: string | null,
  reported: Set<string>,
): CommentDTO {
  return {
    id: row.id,
    authorId: row.authorId,
    authorName: row.author.displayName,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    hidden: row.status === "hidden",
    mine: row.authorId === viewerId,
    reportedByMe: reported.has(row.id),
  };
}

/** At most this many comments are shown on a deck (the newest ones). */
const COMMENTS_SHOWN = 300;

/**
 * The community panel of a shared deck for whoever asks: counts for public and
 * unlisted decks; for public decks also the viewer's like and the comments
 * (hidden ones only to their author and to admins). Null for private decks
 * (owner included) and unknown slugs.
 */
export async function getDeckCommunity(actor: Actor | null, slug: string): Promise<DeckCommunityDTO | null> {
  const viewer = actor;
  const deck = await db.deck.findUnique({ where: { shareSlug: slug }, select: { id: true, ownerId: true, visibility: true, stats: true } });
  if (!deck || (deck.visibility !== "public" && deck.visibility !== "unlisted")) return null;
  const isAdmin = viewer?.role === "admin";
  const base = {
    visibility: deck.visibility,
    counts: counts(deck.stats),
    viewer: { signedIn: !!viewer, isOwner: viewer?.id === deck.ownerId, isAdmin, liked: false },
  } as const;
  if (deck.visibility !== "public") return { ...base, viewer: { ...base.viewer }, open: false, comments: [] };
  const [liked, rows, reports] = await Promise.all([
    viewer ? db.deckLike.findUnique({ where: { deckId_userId: { deckId: deck.id, userId: viewer.id } } }) : null,
    db.deckComment.findMany({
      where: { deckId: deck.id, ...(isAdmin ? {} : { OR: [{ status: "visible" }, ...(viewer ? [{ authorId: viewer.id }] : [])] }) },
      select: commentSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: COMMENTS_SHOWN,
    }),
    viewer ? db.commentReport.findMany({ where: { reporterId: viewer.id, status: "open", comment: { deckId: deck.id } }, select: { commentId: true } }) : [],
  ]);
  const reported = new Set(reports.map((r) => r.commentId));
  return {
    ...base,
    viewer: { ...base.viewer, liked: !!liked },
    open: true,
    comments: rows.reverse().map((r) => toCommentDTO(r, viewer?.id ?? null, reported)),
  };
}

async function publicDeckBySlug(slug: string) {
  const deck = await db.deck.findUnique({ where: { shareSlug: slug }, select: { id: true, ownerId: true, visibility: true } });
  if (!deck || deck.visibility === "private") throw deckNotFound();
  if (deck.visibility !== "public") throw closed();
  return deck;
}

/** Likes or unlikes a public deck as the signed-in user (one like each; not one's own deck). */
export async function setDeckLike(actor: Actor, slug: string, like: boolean): Promise<{ liked: boolean; likes: number }> {
  const user = requireActor(actor);
  const deck = await publicDeckBySlug(slug);
  if (deck.ownerId === user.id) throw new DomainError("community/own-deck", "You cannot like your own deck.", { status: 403 });
  return db.$transaction(async (tx) => {
    const where = { deckId_userId: { deckId: deck.id, userId: user.id } };
    const existing = await tx.deckLike.findUnique({ where });
    if (like && !existing) {
      await tx.deckLike.create({ data: { deckId: deck.id, userId: user.id } });
      await bump(tx, deck.id, "likes", 1);
    } else if (!like && existing) {
      await tx.deckLike.delete({ where });
      await bump(tx, deck.id, "likes", -1);
    }
    const stats = await tx.deckStats.findUnique({ where: { deckId: deck.id } });
    return { liked: like, likes: stats?.likes ?? 0 };
  });
}

/** Adds a comment (markdown, already validated) to a public deck as the signed-in user. */
export async function addComment(actor: Actor, slug: string, body: string): Promise<CommentDTO> {
  const user = requireActor(actor);
  const deck = await publicDeckBySlug(slug);
  const row = await db.$transaction(async (tx) => {
    const created = await tx.deckComment.create({ data: { deckId: deck.id, authorId: user.id, body }, select: commentSelect });
    await bump(tx, deck.id, "comments", 1);
    return created;
  });
  return toCommentDTO(row, user.id, new Set());
}

/** A comment the signed-in user may act on, with its deck; throws for unknown comments and closed decks. */
async function commentOnPublicDeck(commentId: string) {
  const row = await db.deckComment.findUnique({ where: { id: commentId }, select: { id: true, authorId: true, status: true, deckId: true, deck: { select: { visibility: true, shareSlug: true } } } });
  if (!row) throw commentNotFound();
  return row;
}

/** Edits the signed-in user's own visible comment on a public deck. */
export async function editComment(actor: Actor, commentId: string, body: string): Promise<{ comment: CommentDTO; slug: string }> {
  const user = requireActor(actor);
  const c = await commentOnPublicDeck(commentId);
  if (c.authorId !== user.id) throw new DomainError("comment/forbidden", "You can only edit your own comments.", { status: 403 });
  if (c.status === "hidden" && user.role !== "admin") throw new DomainError("comment/hidden", "A moderator hid this comment; it cannot be edited, only deleted.", { status: 403 });
  if (c.deck.visibility !== "public") throw closed();
  const row = await db.deckComment.update({ where: { id: commentId }, data: { body, editedAt: new Date() }, select: commentSelect });
  return { comment: toCommentDTO(row, user.id, new Set()), slug: c.deck.shareSlug };
}

async function deleteCommentRow(tx: Tx, c: { id: string; status: string; deckId: string }) {
  await tx.deckComment.delete({ where: { id: c.id } });
  if (c.status === "visible") await bump(tx, c.deckId, "comments", -1);
}

/** Deletes a comment: its author (whatever the deck's visibility now) or an admin. */
export async function deleteComment(actor: Actor, commentId: string): Promise<{ slug: string }> {
  const user = requireActor(actor);
  const c = await commentOnPublicDeck(commentId);
  if (c.authorId !== user.id && user.role !== "admin") throw new DomainError("comment/forbidden", "You can only delete your own comments.", { status: 403 });
  await db.$transaction((tx) => deleteCommentRow(tx, c));
  return { slug: c.deck.shareSlug };
}

/**
 * Reports a visible comment on a public deck for the admins' queue, as the
 * signed-in user (not one's own comment; one open report per person; a report
 * an admin already resolved can be made again).
 */
export async function reportComment(actor: Actor, commentId: string, reason: string): Promise<void> {
  const user = requireActor(actor);
  const c = await commentOnPublicDeck(commentId);
  if (c.deck.visibility !== "public" || c.status !== "visible") throw commentNotFound();
  if (c.authorId === user.id) throw new DomainError("comment/own", "You cannot report your own comment; edit or delete it instead.", { status: 403 });
  const where = { commentId_reporterId: { commentId, reporterId: user.id } };
  const existing = await db.commentReport.findUnique({ where });
  if (existing?.status === "open") throw new DomainError("comment/already-reported", "You have already reported this comment; an admin will review it.", { status: 409 });
  await db.commentReport.upsert({
    where,
    create: { commentId, reporterId: user.id, reason },
    update: { reason, status: "open", createdAt: new Date(), resolvedAt: null, resolvedById: null },
  });
  await invalidate([MODERATION_TAG]);
}

/** The admins' moderation queue: comments with open reports, then hidden comments (newest first). */
export async function listModerationQueue(actor: Actor): Promise<ModerationItemDTO[]> {
  requireAdminActor(actor);
  const rows = await db.deckComment.findMany({
    where: { OR: [{ reports: { some: { status: "open" } } }, { status: "hidden" }] },
    select: {
      ...commentSelect,
      deck: { select: { name: true, shareSlug: true, visibility: true } },
      reports: { select: { reason: true, status: true, createdAt: true, reporter: { select: { displayName: true } } }, orderBy: { createdAt: "asc" } },
    },
    orderBy: { createdAt: "desc" },
    take: 200,
  });
  const items = rows.map((r) => ({
    id: r.id,
    body: r.body,
    hidden: r.status === "hidden",
    authorId: r.authorId,
    authorName: r.author.displayName,
    createdAt: r.createdAt.toISOString(),
    deck: r.deck,
    openReports: r.reports.filter((p) => p.status === "open").length,
    reports: r.reports.map((p) => ({ reporterName: p.reporter.displayName, reason: p.reason, createdAt: p.createdAt.toISOString(), open: p.status === "open" })),
  }));
  return items.sort((a, b) => Number(b.openReports > 0) - Number(a.openReports > 0));
}

/**
 * An admin hides, restores (keeps) or deletes a comment. Hide and restore
 * resolve its open reports; delete removes it with them.
 */
export async function moderateComment(actor: Actor, commentId: string, action: ModerationAction): Promise<{ slug: string }> {
  const admin = requireAdminActor(actor);
  const c = await commentOnPublicDeck(commentId);
  await db.$transaction(async (tx) => {
    if (action === "delete") return deleteCommentRow(tx, c);
    const status = action === "hide" ? "hidden" : "visible";
    if (status !== c.status) {
      await tx.deckComment.update({ where: { id: c.id }, data: { status } });
      await bump(tx, c.deckId, "comments", status === "visible" ? 1 : -1);
    }
    await tx.commentReport.updateMany({ where: { commentId: c.id, status: "open" }, data: { status: "resolved", resolvedAt: new Date(), resolvedById: admin.id } });
  });
  await invalidate([MODERATION_TAG]);
  return { slug: c.deck.shareSlug };
}

/** How many comments wait for an admin (open reports), for the admin home page. */
export async function countOpenReports(actor: Actor): Promise<number> {
  requireAdminActor(actor);
  return db.deckComment.count({ where: { reports: { some: { status: "open" } } } });
}

/**
 * Account deletion: removes everything of a user's on other people's decks
 * (likes, copies counted, comments and the reports on them, reports they made;
 * reports they resolved keep no resolver) and lowers those decks' counters to
 * match, inside the caller's transaction. Views are not per user and stay counted.
 */
export async function removeUserCommunityTx(tx: Tx, userId: string): Promise<void> {
  const likes = await tx.deckLike.groupBy({ by: ["deckId"], where: { userId }, _count: { _all: true } });
  const copies = await tx.deckCopy.groupBy({ by: ["deckId"], where: { userId }, _count: { _all: true } });
  const comments = await tx.deckComment.groupBy({ by: ["deckId"], where: { authorId: userId, status: "visible" }, _count: { _all: true } });
  await tx.commentReport.deleteMany({ where: { OR: [{ reporterId: userId }, { comment: { authorId: userId } }] } });
  await tx.commentReport.updateMany({ where: { resolvedById: userId }, data: { resolvedById: null } });
  await tx.deckComment.deleteMany({ where: { authorId: userId } });
  await tx.deckLike.deleteMany({ where: { userId } });
  await tx.deckCopy.deleteMany({ where: { userId } });
  for (const [field, groups] of [["likes", likes], ["copies", copies], ["comments", comments]] as const) {
    for (const g of groups) await tx.deckStats.updateMany({ where: { deckId: g.deckId }, data: { [field]: { decrement: g._count._all } } });
  }
}

/**
 * Community around shared decks: likes, views, copies and comments. Types shared
 * by lib/community/data, the actions and the components.
 *
 * Who sees what: public decks have everything (likes, comments, view and copy
 * counts, a place in /decks/public). Unlisted decks are shared by link with
 * people the owner chose, so they take no likes and no comments (nothing there
 * to moderate or rank), but their views and copies are counted and shown.
 * Private decks have none of it.
 */

/** How /decks/public is ordered: recently updated, most viewed, most liked. */
export type DeckSort = "new" | "popular" | "liked";

export const DECK_SORTS: readonly { value: DeckSort; label: string }[] = [
  { value: "new", label: "New" },
  { value: "popular", label: "Popular" },
  { value: "liked", label: "Most liked" },
];

/** A deck's counters (views: one per visitor per day; copies: one per person other than the owner). */
export type DeckCounts = { likes: number; views: number; copies: number; comments: number };

/** Comments are at most this many characters; reports' reasons at most REPORT_REASON_MAX. */
export const COMMENT_MAX = 2000;
export const REPORT_REASON_MAX = 500;

export type CommentDTO = {
  id: string;
  authorId: string;
  authorName: string;
  /** markdown, rendered like deck descriptions */
  body: string;
  createdAt: string;
  editedAt: string | null;
  /** hidden by an admin: only its author and admins see it */
  hidden: boolean;
  /** the viewer wrote it (may edit and delete it) */
  mine: boolean;
  /** the viewer has an open report on it */
  reportedByMe: boolean;
};

/** What a deck page's community panel shows to the person asking. */
export type DeckCommunityDTO = {
  visibility: "public" | "unlisted";
  counts: DeckCounts;
  /** likes and comments are open (public decks only) */
  open: boolean;
  viewer: { signedIn: boolean; isOwner: boolean; isAdmin: boolean; liked: boolean };
  comments: CommentDTO[];
};

/** A comment in the admins' moderation queue, with every report on it. */
export type ModerationItemDTO = {
  id: string;
  body: string;
  hidden: boolean;
  authorId: string;
  authorName: string;
  createdAt: string;
  deck: { name: string; shareSlug: string; visibility: string };
  openReports: number;
  reports: { reporterName: string; reason: string; createdAt: string; open: boolean }[];
};

export type ModerationAction = "hide" | "restore" | "delete";

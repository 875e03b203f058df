import "server-only";
import { db } from "@/lib/server/db/db";
import { invalidate } from "@/lib/server/cache/invalidate";
import { cardDecksTag, deckTag, MODERATION_TAG, PUBLIC_DECKS_TAG, userTag } from "@/lib/server/cache/tags";
import { requireActor, type Actor } from "@/lib/server/actor";
import { hashPassword, verifyPassword } from "@/lib/accounts/password";
import { createResetToken, resetTokenUserId, verifyResetToken } from "@/lib/accounts/reset-token";
import { cardKey } from "@/lib/catalog/keys";
import { checkPasswordStrength } from "@/lib/accounts/password-strength";
import { forgetSessionChecks } from "@/lib/accounts/session-check";
import { limit } from "@/lib/server/rate-limit";
import { DomainError } from "@/lib/server/errors";
import { removeUserCommunityTx } from "@/lib/community/data";
import { anonymiseChatTx, anonymiseSeatsTx, chatForExport, gamesForExport } from "@/lib/play/data";
import { anonymiseTradesTx, tradesForExport } from "@/lib/trades/data";
import { ratingsForExport } from "@/lib/ladder/data";
import { anonymiseCensusTx, exportMyCensus } from "@/lib/census/data";
import { collectionForExport } from "@/lib/collection/data";

/** The signed-in user's account as the account page shows it. */
export type AccountDTO = { email: string; displayName: string; role: "user" | "admin"; createdAt: string };

export async function getMyAccount(actor: Actor): Promise<AccountDTO> {
  const me = requireActor(actor);
  const row = await db.user.findUniqueOrThrow({ where: { id: me.id }, select: { createdAt: true } });
  return { email: me.email, displayName: me.displayName, role: me.role, createdAt: row.createdAt.toISOString() };
}

/** What a user's public and unlisted decks put on public pages (read before a write that removes them). */
async function authorShares(userId: string): Promise<{ slugs: string[]; cardIds: string[] }> {
  const decks = await db.deck.findMany({ where: { ownerId: userId, visibility: { not: "private" } }, select: { shareSlug: true, visibility: true, cards: { select: { cardId: true } } }, take: 10_000 });
  return { slugs: decks.map((d) => d.shareSlug), cardIds: decks.filter((d) => d.visibility === "public").flatMap((d) => d.cards.map((c) => c.cardId)) };
}

/**
 * The tags of what shows a user's name, after it changes or the account goes:
 * their own pages, the public deck list, their shared decks' pages and the
 * "public decks using it" of those decks' cards, and the admins' queues (a
 * deleted account's comments and reports go with it).
 */
function authorTags(userId: string, shares: { slugs: string[]; cardIds: string[] }): string[] {
  return [userTag(userId), PUBLIC_DECKS_TAG, MODERATION_TAG, ...shares.slugs.map(deckTag), ...new Set(shares.cardIds.map(cardDecksTag))];
}

/** Ends every session of the signed-in user, on every device, this one included. */
export async function endAllMySessions(actor: Actor): Promise<void> {
  const me = requireActor(actor);
  await db.user.update({ where: { id: me.id }, data: { sessionVersion: { increment: 1 } } });
  forgetSessionChecks();
}

/**
 * Changes the signed-in user's password: the current one must be right (each
 * try counts against the account's sign-in limit), the new one strong enough.
 * Every session ends; returns the email so the caller can sign this browser in again.
 * Throws DomainError 'account/wrong-password' | 'account/weak-password' | 'account/same-password'.
 */
export async function changeMyPassword(actor: Actor, current: string, next: string): Promise<string> {
  const me = requireActor(actor);
  await limit("signin-email", me.email);
  const row = await db.user.findUniqueOrThrow({ where: { id: me.id }, select: { passwordHash: true } });
  if (!(await verifyPassword(current, row.passwordHash))) throw new DomainError("account/wrong-password", "Your current password is not right.");
  if (current === next) throw new DomainError("account/same-password", "The new password is the same as the current one.");
  const strength = checkPasswordStrength(next, [me.email, me.displayName]);
  if (!strength.ok) throw new DomainError("account/weak-password", strength.message);
  await db.user.update({ where: { id: me.id }, data: { passwordHash: await hashPassword(next), sessionVersion: { increment: 1 } } });
  forgetSessionChecks();
  return me.email;
}


/** The account's own data, every piece of it, as one JSON document (format "ringbinder-account", version 1). */
export type AccountExport = {
  format: "ringbinder-account";
  version: 1;
  exportedAt: string;
  account: { email: string; displayName: string; role: string; createdAt: string };
  /** every card with its total and its copies (binder, condition, language, printing, purchase price and date, note) (lib/collection/data/account.ts) */
  collection: Awaited<ReturnType<typeof collectionForExport>>["collection"];
  binders: Awaited<ReturnType<typeof collectionForExport>>["binders"];
  /** the copies each of the user's decks reserves */
  deckReservations: Awaited<ReturnType<typeof collectionForExport>>["deckReservations"];
  packOpenings: { createdAt: string; undoneAt: string | null; cards: { card: string; title: string; quantity: number }[] }[];
  decks: {
    name: string;
    description: string;
    visibility: string;
    shareSlug: string;
    version: number;
    createdAt: string;
    updatedAt: string;
    cards: { card: string; title: string; quantity: number }[];
    versions: { version: number; name: string; description: string; createdAt: string; cards: { card: string; quantity: number }[] }[];
  }[];
  suggestions: { status: string; reason: string; createdAt: string; reviewedAt: string | null; card: string | null; proposed: unknown }[];
  likes: { deck: string; shareSlug: string; createdAt: string }[];
  comments: { deck: string; shareSlug: string; body: string; status: string; createdAt: string; editedAt: string | null }[];
  reports: { reason: string; status: string; createdAt: string; comment: string }[];
  labRuns: { deck: string; deckVersion: number; query: string; seed: number; agents: string; games: number; wins: number; losses: number; draws: number; results: unknown; createdAt: string }[];
  /** games against other players (lib/play/data/games.ts gamesForExport) */
  games: Awaited<ReturnType<typeof gamesForExport>>;
  /** game chat: own messages, reports, mutes (lib/play/data/chat.ts chatForExport) */
  gameChat: Awaited<ReturnType<typeof chatForExport>>;
  /** ladder and practice ratings per season, and the rating history (lib/ladder/data/ratings.ts ratingsForExport) */
  ladder: Awaited<ReturnType<typeof ratingsForExport>>;
  census: Awaited<ReturnType<typeof exportMyCensus>>;
  /** trade settings, want and trade lists, and proposals (lib/trades/data/account.ts tradesForExport) */
  trades: Awaited<ReturnType<typeof tradesForExport>>;
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Everything stored for the signed-in user (collection with binders, copy details and deck reservations, packs, decks with every version, suggestions, lab runs, likes, comments, reports), for download; nothing of anyone else's, and no password hash. */
export async function exportMyData(actor: Actor): Promise<AccountExport> {
  const me = requireActor(actor);
  const [user, collection, packs, decks, suggestions, labRuns, likes, comments, reports, games, gameChat, ladder, census, trades] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: me.id } }),
    collectionForExport(me),
    db.packOpening.findMany({ where: { userId: me.id }, include: { cards: { include: { card: { include: { set: true } } } } }, orderBy: { createdAt: "asc" } }),
    db.deck.findMany({ where: { ownerId: me.id }, include: { cards: { include: { card: { include: { set: true } } } }, versions: { orderBy: { version: "asc" } } }, orderBy: { createdAt: "asc" } }),
    db.cardSuggestion.findMany({ where: { userId: me.id }, include: { card: { include: { set: true } } }, orderBy: { createdAt: "asc" } }),
    db.labRun.findMany({ where: { userId: me.id }, include: { deck: { select: { name: true } } }, orderBy: { createdAt: "asc" } }),
    db.deckLike.findMany({ where: { userId: me.id }, include: { deck: { select: { name: true, shareSlug: true } } }, orderBy: { createdAt: "asc" } }),
    db.deckComment.findMany({ where: { authorId: me.id }, include: { deck: { select: { name: true, shareSlug: true } } }, orderBy: { createdAt: "asc" } }),
    db.commentReport.findMany({ where: { reporterId: me.id }, include: { comment: { select: { body: true } } }, orderBy: { createdAt: "asc" } }),
    gamesForExport(me.id),
    chatForExport(me.id),
    ratingsForExport(me.id),
    exportMyCensus(me),
    tradesForExport(me.id),
  ]);
  const allIds = new Set(decks.flatMap((d) => d.versions.flatMap((v) => (safeJson(v.cards) as { cardId?: string }[] | null)?.map((l) => l.cardId ?? "") ?? [])));
  const keyRows = await db.card.findMany({ where: { id: { in: [...allIds].filter(Boolean) } }, select: { id: true, number: true, set: { select: { code: true } } } });
  const keyOf = new Map(keyRows.map((c) => [c.id, cardKey(c.set.code, c.number)]));
  return {
    format: "ringbinder-account",
    version: 1,
    exportedAt: new Date().toISOString(),
    account: { email: user.email, displayName: user.displayName, role: user.role, createdAt: user.createdAt.toISOString() },
    collection: collection.collection,
    binders: collection.binders,
    deckReservations: collection.deckReservations,
    packOpenings: packs.map((p) => ({
      createdAt: p.createdAt.toISOString(),
      undoneAt: p.undoneAt?.toISOString() ?? null,
      cards: p.cards.map((c) => ({ card: cardKey(c.card.set.code, c.card.number), title: c.card.title, quantity: c.quantity })),
    })),
    decks: decks.map((d) => ({
      name: d.name,
      description: d.description,
      visibility: d.visibility,
      shareSlug: d.shareSlug,
      version: d.version,
      createdAt: d.createdAt.toISOString(),
      updatedAt: d.updatedAt.toISOString(),
      cards: d.cards.map((c) => ({ card: cardKey(c.card.set.code, c.card.number), title: c.card.title, quantity: c.quantity })),
      versions: d.versions.map((v) => ({
        version: v.version,
        name: v.name,
        description: v.description,
        createdAt: v.createdAt.toISOString(),
        cards: ((safeJson(v.cards) as { cardId?: string; quantity?: number }[] | null) ?? []).map((l) => ({ card: keyOf.get(l.cardId ?? "") ?? "(deleted card)", quantity: Number(l.quantity) || 0 })),
      })),
    })),
    suggestions: suggestions.map((s) => ({
      status: s.status,
      reason: s.reason,
      createdAt: s.createdAt.toISOString(),
      reviewedAt: s.reviewedAt?.toISOString() ?? null,
      card: s.card ? cardKey(s.card.set.code, s.card.number) : null,
      proposed: safeJson(s.payload),
    })),
    likes: likes.map((l) => ({ deck: l.deck.name, shareSlug: l.deck.shareSlug, createdAt: l.createdAt.toISOString() })),
    comments: comments.map((c) => ({ deck: c.deck.name, shareSlug: c.deck.shareSlug, body: c.body, status: c.status, createdAt: c.createdAt.toISOString(), editedAt: c.editedAt?.toISOString() ?? null })),
    reports: reports.map((r) => ({ reason: r.reason, status: r.status, createdAt: r.createdAt.toISOString(), comment: r.comment.body })),
    labRuns: labRuns.map((r) => ({
      deck: r.deck.name,
      deckVersion: r.deckVersion,
      query: r.query,
      seed: r.seed,
      agents: r.agents,
      games: r.games,
      wins: r.wins,
      losses: r.losses,
      draws: r.draws,
      results: safeJson(r.results),
      createdAt: r.createdAt.toISOString(),
    })),
    games,
    gameChat,
    ladder,
    census,
    trades,
  };
}

/** Changes the signed-in user's display name (shown on shared decks and their author page). */
export async function updateDisplayName(actor: Actor, displayName: string): Promise<{ sharedDeckSlugs: string[] }> {
  const me = requireActor(actor);
  await db.user.update({ where: { id: me.id }, data: { displayName } });
  await invalidate(authorTags(me.id, await authorShares(me.id)));
  // the action invalidates the shared decks' pages, which show the owner's name
  const shared = await db.deck.findMany({ where: { ownerId: me.id, visibility: { not: "private" } }, select: { shareSlug: true } });
  return { sharedDeckSlugs: shared.map((d) => d.shareSlug) };
}

/**
 * Deletes the signed-in user and everything that is theirs, in one
 * transaction: decks (with their cards, versions, lab runs, likes and
 * comments), lab runs, collection, pack openings, suggestions, unfinished
 * imports, and their likes, comments and reports on other decks (whose
 * counters go down to match); census submissions not yet verified (verified
 * ones, their votes and photos stay with the contributor anonymised); reviews they made of others' suggestions keep no reviewer. Their sessions end with the account (a token
 * of a deleted account is refused). The password is asked again and each try
 * counts against the account's sign-in limit. Admins are refused (the catalog
 * audit log names them): an operator removes the admin role first
 * (`npm run user -- remove-admin`).
 * Throws DomainError 'account/wrong-password' | 'account/admin'.
 */
export async function deleteMyAccount(actor: Actor, password: string): Promise<void> {
  const me = requireActor(actor);
  await limit("signin-email", me.email);
  const user = await db.user.findUniqueOrThrow({ where: { id: me.id }, select: { passwordHash: true, role: true } });
  if (!(await verifyPassword(password, user.passwordHash))) throw new DomainError("account/wrong-password", "That is not your password.");
  if (user.role === "admin" || (await db.cardAudit.count({ where: { userId: me.id } })) > 0)
    throw new DomainError(
      "account/admin",
      "An admin account (or one named in the catalog's audit log) cannot be deleted here: ask the operator to remove the admin role first (npm run user -- remove-admin EMAIL).",
    );
  const shares = await authorShares(me.id);
  await db.$transaction(async (tx) => {
    await removeUserCommunityTx(tx, me.id);
    await anonymiseSeatsTx(tx, me.id);
    await anonymiseChatTx(tx, me.id);
    await anonymiseCensusTx(tx, me.id);
    await anonymiseTradesTx(tx, me.id);
    await tx.importJob.deleteMany({ where: { userId: me.id } });
    await tx.cardSuggestion.updateMany({ where: { reviewedById: me.id }, data: { reviewedById: null } });
    await tx.cardSuggestion.deleteMany({ where: { userId: me.id } });
    await tx.labRun.deleteMany({ where: { OR: [{ userId: me.id }, { deck: { ownerId: me.id } }] } });
    await tx.deckVersion.deleteMany({ where: { OR: [{ authorId: me.id }, { deck: { ownerId: me.id } }] } });
    await tx.deckCard.deleteMany({ where: { deck: { ownerId: me.id } } });
    await tx.deck.deleteMany({ where: { ownerId: me.id } });
    await tx.collectionEntry.deleteMany({ where: { userId: me.id } });
    await tx.packOpeningCard.deleteMany({ where: { pack: { userId: me.id } } });
    await tx.packOpening.deleteMany({ where: { userId: me.id } });
    await tx.user.delete({ where: { id: me.id } });
  });
  forgetSessionChecks();
  await invalidate(authorTags(me.id, shares));
}

/**
 * A reset link's token for the account with this email, or null when there is
 * none (the caller answers the same either way, so the form does not tell
 * which emails have accounts).
 */
export async function passwordResetTokenFor(email: string, secret: string): Promise<{ token: string; displayName: string } | null> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, passwordHash: true, displayName: true } });
  return user ? { token: createResetToken(user, secret), displayName: user.displayName } : null;
}

const INVALID_LINK = "This reset link is not valid, or was already used. Ask for a new one.";

/** The account a reset token is good for. Throws DomainError 'reset/invalid' | 'reset/expired'. */
async function resetTarget(token: string, secret: string): Promise<{ id: string; email: string; displayName: string; passwordHash: string }> {
  const id = resetTokenUserId(token);
  const user = id ? await db.user.findUnique({ where: { id }, select: { id: true, email: true, displayName: true, passwordHash: true } }) : null;
  if (!user) throw new DomainError("reset/invalid", INVALID_LINK);
  const check = verifyResetToken(token, user, secret);
  if (check.ok) return user;
  if (check.reason === "expired") throw new DomainError("reset/expired", "This reset link has expired. Ask for a new one.");
  throw new DomainError("reset/invalid", INVALID_LINK);
}

/**
 * The email a reset token is good for (the form shows it), or throws
 * DomainError 'reset/invalid' | 'reset/expired' so the page says at once that the link is dead.
 */
export async function checkResetToken(token: string, secret: string): Promise<{ email: string }> {
  const { email } = await resetTarget(token, secret);
  return { email };
}

/**
 * Sets a new password from a reset link and ends every session of the
 * account. The change makes this link, and every older one, unusable.
 * Returns the account's email.
 * Throws DomainError 'reset/invalid' | 'reset/expired' | 'account/weak-password'.
 */
export async function resetPassword(token: string, password: string, secret: string): Promise<string> {
  const user = await resetTarget(token, secret);
  const strength = checkPasswordStrength(password, [user.email, user.displayName]);
  if (!strength.ok) throw new DomainError("account/weak-password", strength.message);
  const passwordHash = await hashPassword(password);
  // only if the hash is still the one the link was made for (two uses at once: the second finds nothing to update)
  const r = await db.user.updateMany({ where: { id: user.id, passwordHash: user.passwordHash }, data: { passwordHash, sessionVersion: { increment: 1 } } });
  if (r.count !== 1) throw new DomainError("reset/invalid", INVALID_LINK);
  forgetSessionChecks();
  return user.email;
}

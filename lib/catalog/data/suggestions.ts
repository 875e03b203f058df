import "server-only";
import { cardPlaceSelect, invalidateCardChange, toCardPlace } from "@/lib/catalog/data/cache-invalidation";
import { invalidate } from "@/lib/server/cache/invalidate";
import { MODERATION_TAG, userTag } from "@/lib/server/cache/tags";
import { db } from "@/lib/server/db/db";
import { cardKey } from "@/lib/catalog/keys";
import { requireActor, requireAdminActor, type Actor } from "@/lib/server/actor";
import { createCardTx, requireCatalogAdmin, snapshotOf, snapshotOfInput, updateCardTx } from "@/lib/catalog/data/catalog-admin";
import type { CardSnapshot, SuggestionDTO } from "@/lib/catalog/types";
import { parseCatalogCard, type CatalogCard } from "@/lib/catalog/schemas";

/** At most this many suggestions per user in any rolling hour. */
export const SUGGESTIONS_PER_HOUR = 10;


const include = {
  user: { select: { displayName: true } },
  reviewedBy: { select: { displayName: true } },
  card: { include: { set: true, traits: true } },
} as const;

type Row = Awaited<ReturnType<typeof findRows>>[number];
type Applied = { before: string | null; createdAt: Date; cardId: string | null };

/**
 * The audit entry an accepted suggestion wrote (same transaction as the review,
 * so within moments of reviewedAt): it tells a new card (no "before") from a
 * correction, and keeps the card as it was before the correction.
 */
function appliedBy(row: Row, audits: Applied[]): Applied | null {
  if (row.status !== "accepted" || !row.reviewedAt || !row.cardId) return null;
  const at = row.reviewedAt.getTime();
  let best: Applied | null = null;
  for (const a of audits) {
    if (a.cardId !== row.cardId) continue;
    const d = Math.abs(a.createdAt.getTime() - at);
    if (d <= 60_000 && (!best || d < Math.abs(best.createdAt.getTime() - at))) best = a;
  }
  return best;
}

function toDTO(row: Row, audits: Applied[]): SuggestionDTO {
  const applied = appliedBy(row, audits);
  // Accepting a new card links the suggestion to the card it created: that does not make it a correction.
  const kind = !row.cardId ? "new" : applied ? (applied.before === null ? "new" : "correction") : row.status === "accepted" && row.card && row.card.createdAt > row.createdAt ? "new" : "correction";
  let current: CardSnapshot | null = null;
  if (kind === "correction") {
    if (applied?.before) current = JSON.parse(applied.before) as CardSnapshot;
    else if (row.status !== "accepted" && row.card) current = snapshotOf(row.card);
  }
  return {
    id: row.id,
    status: row.status as SuggestionDTO["status"],
    reason: row.reason,
    kind,
    cardId: row.cardId,
    proposed: JSON.parse(row.payload) as CardSnapshot,
    current,
    suggestedBy: row.user.displayName,
    reviewedBy: row.reviewedBy?.displayName ?? null,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

async function toDTOs(rows: Row[]): Promise<SuggestionDTO[]> {
  const ids = [...new Set(rows.filter((r) => r.status === "accepted" && r.cardId).map((r) => r.cardId!))];
  const audits = ids.length ? await db.cardAudit.findMany({ where: { action: "suggestion", cardId: { in: ids } }, select: { before: true, createdAt: true, cardId: true }, take: 5000 }) : [];
  return rows.map((r) => toDTO(r, audits));
}

function findRows(where: NonNullable<Parameters<typeof db.cardSuggestion.findMany>[0]>["where"], take = 100) {
  return db.cardSuggestion.findMany({ where, include, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take });
}

export type SuggestionError =
  | { ok: false; code: "suggestion/rate-limited"; message: string }
  | { ok: false; code: "suggestion/card-not-found"; message: string }
  | { ok: false; code: "suggestion/not-found"; message: string }
  | { ok: false; code: "suggestion/already-reviewed"; message: string }
  | { ok: false; code: "suggestion/invalid"; message: string }
  | { ok: false; code: "catalog/duplicate" | "catalog/not-found" | "catalog/in-use"; message: string };

/**
 * Any signed-in user: suggests a new card (cardId null) or a correction.
 * Rate-limited per user, counted from their stored suggestions.
 */
export async function createSuggestion(actor: Actor, card: CatalogCard, cardId: string | null, now = new Date()): Promise<{ ok: true; id: string } | SuggestionError> {
  const user = requireActor(actor);
  const r = await db.$transaction(async (tx) => {
    const since = new Date(now.getTime() - 60 * 60 * 1000);
    const recent = await tx.cardSuggestion.count({ where: { userId: user.id, createdAt: { gt: since } } });
    if (recent >= SUGGESTIONS_PER_HOUR) {
      return { ok: false as const, code: "suggestion/rate-limited" as const, message: `You can send at most ${SUGGESTIONS_PER_HOUR} suggestions an hour. Please try again later.` };
    }
    if (cardId) {
      const exists = await tx.card.findUnique({ where: { id: cardId }, select: { id: true } });
      if (!exists) return { ok: false as const, code: "suggestion/card-not-found" as const, message: "The card you are correcting no longer exists." };
    }
    const row = await tx.cardSuggestion.create({ data: { userId: user.id, cardId, payload: JSON.stringify(snapshotOfInput(card)), createdAt: now } });
    return { ok: true as const, id: row.id };
  });
  if (r.ok) await invalidate([userTag(user.id), MODERATION_TAG]);
  return r;
}

/** The signed-in user's own suggestions with their status and any rejection reason. */
export async function listMySuggestions(actor: Actor): Promise<SuggestionDTO[]> {
  const user = requireActor(actor);
  return toDTOs(await findRows({ userId: user.id }));
}

/** Admin: pending suggestions (oldest first) and the latest reviewed ones. */
export async function listSuggestionsForReview(actor: Actor): Promise<{ pending: SuggestionDTO[]; reviewed: SuggestionDTO[] }> {
  requireAdminActor(actor);
  const [pending, reviewed] = await Promise.all([
    db.cardSuggestion.findMany({ where: { status: "pending" }, include, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 100 }),
    findRows({ status: { not: "pending" } }, 20),
  ]);
  const [p, r] = await Promise.all([toDTOs(pending), toDTOs(reviewed)]);
  return { pending: p, reviewed: r };
}

/** Admin: counts for the admin landing page. */
export async function adminOverview(actor: Actor): Promise<{ cards: number; pendingSuggestions: number; audits: number }> {
  requireAdminActor(actor);
  const [cards, pendingSuggestions, audits] = await Promise.all([db.card.count(), db.cardSuggestion.count({ where: { status: "pending" } }), db.cardAudit.count()]);
  return { cards, pendingSuggestions, audits };
}

/** Admin: accepts a pending suggestion, applying it as an audited catalog change (all in one transaction). */
export async function acceptSuggestion(actor: Actor, id: string): Promise<{ ok: true; cardId: string; key: string } | SuggestionError> {
  const writer = await requireCatalogAdmin(actor);
  const r = await db.$transaction(async (tx) => {
    const s = await tx.cardSuggestion.findUnique({ where: { id }, include: { user: { select: { displayName: true } } } });
    if (!s) return { ok: false as const, code: "suggestion/not-found" as const, message: "That suggestion does not exist." };
    if (s.status !== "pending") return { ok: false as const, code: "suggestion/already-reviewed" as const, message: `That suggestion was already ${s.status}.` };
    const parsed = parseCatalogCard(JSON.parse(s.payload) as Record<string, unknown>);
    if (!parsed.ok) {
      const why = Object.entries(parsed.fieldErrors).map(([k, v]) => `${k}: ${v.join(", ")}`).join("; ");
      return { ok: false as const, code: "suggestion/invalid" as const, message: `The suggestion no longer passes validation (${why}). Reject it with a reason.` };
    }
    const note = `Suggested by ${s.user.displayName}`;
    const before = s.cardId ? toCardPlace(await tx.card.findUnique({ where: { id: s.cardId }, select: cardPlaceSelect })) : null;
    const r = s.cardId ? await updateCardTx(tx, s.cardId, parsed.card, writer, "suggestion", note) : await createCardTx(tx, parsed.card, writer, "suggestion", note);
    if (!r.ok) return { ok: false as const, code: r.code, message: r.message };
    await tx.cardSuggestion.update({ where: { id }, data: { status: "accepted", reviewedById: writer.userId, reviewedAt: new Date(), cardId: r.id } });
    return { ok: true as const, cardId: r.id, key: cardKey(parsed.card.set, parsed.card.number), places: [before, { set: parsed.card.set, number: parsed.card.number, title: parsed.card.title }], suggester: s.userId };
  });
  if (!r.ok) return r;
  await Promise.all([invalidateCardChange(r.cardId, r.places), invalidate([userTag(r.suggester), MODERATION_TAG])]);
  return { ok: true, cardId: r.cardId, key: r.key };
}

/** Admin: rejects a pending suggestion with a reason the suggester sees. */
export async function rejectSuggestion(actor: Actor, id: string, reason: string): Promise<{ ok: true } | SuggestionError> {
  const admin = requireAdminActor(actor);
  const r = await db.$transaction(async (tx) => {
    const s = await tx.cardSuggestion.findUnique({ where: { id }, select: { status: true, userId: true } });
    if (!s) return { ok: false as const, code: "suggestion/not-found" as const, message: "That suggestion does not exist." };
    if (s.status !== "pending") return { ok: false as const, code: "suggestion/already-reviewed" as const, message: `That suggestion was already ${s.status}.` };
    await tx.cardSuggestion.update({ where: { id }, data: { status: "rejected", reason, reviewedById: admin.id, reviewedAt: new Date() } });
    return { ok: true as const, suggester: s.userId };
  });
  if (!r.ok) return r;
  await invalidate([userTag(r.suggester), MODERATION_TAG]);
  return { ok: true };
}

import "server-only";
import { db } from "@/lib/server/db/db";
import { requireActor, requireAdminActor, type Actor } from "@/lib/server/actor";
import { failure, type DomainFailure } from "@/lib/server/errors";
import { invalidate } from "@/lib/server/cache/invalidate";
import { CATALOG_TAG, MODERATION_TAG } from "@/lib/server/cache/tags";
import type { CardImageType } from "@/lib/catalog/card-image";
import { censusPhotoPath } from "@/lib/census/photo-limits";
import type { CensusAuditDTO, CensusPhotoReportDTO } from "@/lib/census/types";
import { cardKey } from "@/lib/catalog/keys";
import { auditTx, FORMER_MEMBER, photoUrl } from "@/lib/census/data/shared";
import { CENSUS_TAG } from "@/lib/census/data/submissions";

/**
 * A census photo by its content address, for the /census-photos route
 * (public, like card images: the census is public evidence). Null when there
 * is none, it was removed, or the type asked for is not the stored one.
 */
export async function getCensusPhoto(sha256: string, type: CardImageType): Promise<{ data: Uint8Array; contentType: CardImageType; byteSize: number } | null> {
  const row = await db.censusPhoto.findUnique({ where: { id: sha256 }, select: { data: true, contentType: true, byteSize: true, removedAt: true } });
  if (!row || row.removedAt || row.contentType !== type) return null;
  return { data: row.data, contentType: type, byteSize: row.byteSize };
}

/** Any signed-in user: reports a photo (not a card, private data, abuse) to the admins; once per photo per person. */
export async function reportCensusPhoto(actor: Actor, photoId: string, reason: string): Promise<{ ok: true } | DomainFailure> {
  const me = requireActor(actor);
  const photo = await db.censusPhoto.findUnique({ where: { id: photoId }, select: { removedAt: true } });
  if (!photo || photo.removedAt) return failure("census/not-found", "There is no such photo.");
  const done = await db.censusPhotoReport.findUnique({ where: { photoId_reporterId: { photoId, reporterId: me.id } }, select: { id: true } });
  if (done) return failure("census/already-reported", "You already reported this photo: an admin will look at it.");
  await db.censusPhotoReport.create({ data: { photoId, reporterId: me.id, reason } });
  await invalidate([MODERATION_TAG]);
  return { ok: true };
}

async function submissionsShowing(photoId: string): Promise<string[]> {
  const [subs, votes] = await Promise.all([
    db.censusSubmission.findMany({ where: { OR: [{ frontPhotoId: photoId }, { backPhotoId: photoId }] }, select: { id: true }, take: 100 }),
    db.censusVote.findMany({ where: { photoId }, select: { field: { select: { submissionId: true } } }, take: 100 }),
  ]);
  return [...new Set([...subs.map((s) => s.id), ...votes.map((v) => v.field.submissionId)])];
}

/** Admin: the open photo reports, oldest first. */
export async function listPhotoReports(actor: Actor): Promise<CensusPhotoReportDTO[]> {
  requireAdminActor(actor);
  const rows = await db.censusPhotoReport.findMany({ where: { status: "open" }, include: { photo: { select: { id: true, contentType: true, removedAt: true } } }, orderBy: { createdAt: "asc" }, take: 100 });
  const users = await db.user.findMany({ where: { id: { in: rows.map((r) => r.reporterId) } }, select: { id: true, displayName: true } });
  const names = new Map(users.map((u) => [u.id, u.displayName]));
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      photoId: r.photoId,
      url: photoUrl(r.photo),
      reason: r.reason,
      reportedBy: names.get(r.reporterId) ?? FORMER_MEMBER,
      createdAt: r.createdAt.toISOString(),
      submissionIds: await submissionsShowing(r.photoId),
    })),
  );
}

/**
 * Admin: removes a photo. Its bytes are erased and it is no longer served (a
 * removed photo cannot be uploaded again); cards that showed it go back to
 * their generated art; its reports are resolved; the audit log of every
 * submission that used it records the removal.
 */
export async function removeCensusPhoto(actor: Actor, photoId: string, reason: string): Promise<{ ok: true } | DomainFailure> {
  const admin = requireAdminActor(actor);
  const photo = await db.censusPhoto.findUnique({ where: { id: photoId }, select: { id: true, contentType: true, removedAt: true } });
  if (!photo) return failure("census/not-found", "There is no such photo.");
  if (photo.removedAt) return { ok: true };
  const path = censusPhotoPath(photo.id, photo.contentType as CardImageType);
  const subs = await submissionsShowing(photoId);
  await db.$transaction(async (tx) => {
    await tx.censusPhoto.update({ where: { id: photoId }, data: { removedAt: new Date(), data: Buffer.alloc(0), byteSize: 0 } });
    await tx.censusPhotoReport.updateMany({ where: { photoId, status: "open" }, data: { status: "resolved" } });
    await tx.card.updateMany({ where: { imageUrl: path }, data: { imageUrl: null } });
    for (const s of subs) await auditTx(tx, { submissionId: s, actorId: admin.id, action: "photo-remove", detail: reason });
  });
  await invalidate([CENSUS_TAG, MODERATION_TAG, CATALOG_TAG]);
  return { ok: true };
}

/** Admin: dismisses the open reports of a photo that stays. */
export async function dismissPhotoReports(actor: Actor, photoId: string): Promise<{ ok: true }> {
  requireAdminActor(actor);
  await db.censusPhotoReport.updateMany({ where: { photoId, status: "open" }, data: { status: "resolved" } });
  await invalidate([MODERATION_TAG]);
  return { ok: true };
}

/** Admin: the census audit log, newest first (every submission, vote, answer, settlement, removal and promotion). */
export async function listCensusAudit(actor: Actor, take = 100): Promise<CensusAuditDTO[]> {
  requireAdminActor(actor);
  const rows = await db.censusAudit.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: Math.min(500, Math.max(1, take)), include: { submission: { select: { setCode: true, number: true } } } });
  const users = await db.user.findMany({ where: { id: { in: rows.map((r) => r.actorId).filter((x): x is string => !!x) } }, select: { id: true, displayName: true } });
  const names = new Map(users.map((u) => [u.id, u.displayName]));
  return rows.map((r) => ({
    id: r.id,
    key: r.submission ? cardKey(r.submission.setCode, r.submission.number) : null,
    field: r.fieldName,
    action: r.action,
    by: r.actorId ? (names.get(r.actorId) ?? FORMER_MEMBER) : FORMER_MEMBER,
    detail: r.detail,
    createdAt: r.createdAt.toISOString(),
  }));
}

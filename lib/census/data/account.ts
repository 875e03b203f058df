import "server-only";
import { db } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import { cardKey } from "@/lib/catalog/keys";
import type { Tx } from "@/lib/census/data/shared";

/** The census section of the account export: the user's submissions (with their fields, and the card a correction is for), votes and photo reports. */
export async function exportMyCensus(actor: Actor) {
  const me = requireActor(actor);
  const [subs, votes, reports, optIn] = await Promise.all([
    db.censusSubmission.findMany({ where: { userId: me.id }, include: { fields: true }, orderBy: { createdAt: "asc" } }),
    db.censusVote.findMany({ where: { userId: me.id }, include: { field: { select: { name: true, submission: { select: { setCode: true, number: true } } } } }, orderBy: { createdAt: "asc" } }),
    db.censusPhotoReport.findMany({ where: { reporterId: me.id }, orderBy: { createdAt: "asc" } }),
    db.pullRateOptIn.findUnique({ where: { userId: me.id } }),
  ]);
  const targetIds = [...new Set(subs.map((s) => s.correctsCardId).filter((x): x is string => !!x))];
  const targetRows = targetIds.length ? await db.card.findMany({ where: { id: { in: targetIds } }, select: { id: true, number: true, set: { select: { code: true } } } }) : [];
  const targets = new Map(targetRows.map((c) => [c.id, cardKey(c.set.code, c.number)]));
  return {
    submissions: subs.map((s) => ({
      card: cardKey(s.setCode, s.number),
      status: s.status,
      source: s.source,
      corrects: s.correctsCardId ? (targets.get(s.correctsCardId) ?? "(deleted card)") : null,
      frontPhoto: s.frontPhotoId,
      backPhoto: s.backPhotoId,
      createdAt: s.createdAt.toISOString(),
      verifiedAt: s.verifiedAt?.toISOString() ?? null,
      fields: s.fields.map((f) => ({ name: f.name, value: JSON.parse(f.value) as unknown, state: f.state, proposedByMe: f.proposerId === me.id, photo: f.photo, answer: f.answer })),
    })),
    votes: votes.map((v) => ({ card: cardKey(v.field.submission.setCode, v.field.submission.number), field: v.field.name, kind: v.kind, value: v.value === null ? null : (JSON.parse(v.value) as unknown), note: v.note, createdAt: v.createdAt.toISOString() })),
    photoReports: reports.map((r) => ({ photo: r.photoId, reason: r.reason, status: r.status, createdAt: r.createdAt.toISOString() })),
    pullRateOptIn: optIn ? optIn.createdAt.toISOString() : null,
  };
}

/**
 * Inside an account deletion: the census keeps what was verified, with the
 * contributor anonymised. Their submissions still open (nothing verified yet
 * in the catalog) go with the account; verified ones, their confirmations and
 * disputes on others' submissions, the photos they uploaded and the audit log
 * stay with no name. Their photo reports and pull-rate opt-in are deleted.
 */
export async function anonymiseCensusTx(tx: Tx, userId: string): Promise<void> {
  await tx.censusSubmission.deleteMany({ where: { userId, status: { in: ["open", "removed"] } } });
  await tx.censusSubmission.updateMany({ where: { userId }, data: { userId: null } });
  await tx.censusField.updateMany({ where: { proposerId: userId }, data: { proposerId: null } });
  await tx.censusVote.updateMany({ where: { userId }, data: { userId: null } });
  await tx.censusPhoto.updateMany({ where: { uploaderId: userId }, data: { uploaderId: null } });
  await tx.censusAudit.updateMany({ where: { actorId: userId }, data: { actorId: null } });
  await tx.censusPhotoReport.deleteMany({ where: { reporterId: userId } });
  await tx.pullRateOptIn.deleteMany({ where: { userId } });
}

import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { parseCatalogCard, type CatalogCard } from "@/lib/catalog/schemas";
import { writeCensusCardTx, writeCensusCorrectionTx, type CardPlace } from "@/lib/catalog/data";
import { cardFieldsOf, fieldStateFrom, printingVerified, type FieldState, type VoteFact } from "@/lib/census/fields";
import { censusPhotoPath } from "@/lib/census/photo-limits";
import type { CardImageType } from "@/lib/catalog/card-image";
import type { CensusPhotoUpload } from "@/lib/census/photos";
import { failure, type DomainFailure } from "@/lib/server/errors";

export type Tx = Prisma.TransactionClient;

/** Who is shown for an account that no longer exists. */
export const FORMER_MEMBER = "a former member";

/** Writes one entry of the census audit log. */
export async function auditTx(tx: Tx, entry: { submissionId: string | null; fieldName?: string | null; actorId: string | null; action: string; detail?: string }): Promise<void> {
  await tx.censusAudit.create({ data: { submissionId: entry.submissionId, fieldName: entry.fieldName ?? null, actorId: entry.actorId, action: entry.action, detail: (entry.detail ?? "").slice(0, 2000) } });
}

/** Stores a re-encoded photo once per content; a photo an admin removed cannot be uploaded again. */
export async function storePhotoTx(tx: Tx, photo: CensusPhotoUpload, uploaderId: string): Promise<string | DomainFailure> {
  const existing = await tx.censusPhoto.findUnique({ where: { id: photo.sha256 }, select: { removedAt: true } });
  if (existing?.removedAt) return failure("census/bad-photo", "That photo was removed by an admin and cannot be used again.");
  if (!existing) await tx.censusPhoto.create({ data: { id: photo.sha256, contentType: photo.type, byteSize: photo.bytes.length, data: Buffer.from(photo.bytes), uploaderId } });
  return photo.sha256;
}

/** The served path of a stored photo (by its id and type). */
export function photoUrl(row: { id: string; contentType: string; removedAt: Date | null } | null): string | null {
  return row && !row.removedAt ? censusPhotoPath(row.id, row.contentType as CardImageType) : null;
}

/** The state a field has now, from its stored votes. */
export async function refreshFieldStateTx(tx: Tx, fieldId: string): Promise<FieldState> {
  const field = await tx.censusField.findUniqueOrThrow({ where: { id: fieldId }, include: { votes: { select: { userId: true, kind: true, open: true } } } });
  const state = fieldStateFrom(field.proposerId, field.votes as VoteFact[], field.verifiedByAdmin);
  if (state !== field.state) await tx.censusField.update({ where: { id: fieldId }, data: { state, verifiedAt: state === "verified" ? new Date() : null } });
  return state;
}

/** The card a submission's field values stand for (front photo as its image), or why they do not make one. */
export function cardOfFields(fields: { name: string; value: string }[], frontUrl: string | null): { ok: true; card: CatalogCard } | { ok: false; fieldErrors: Record<string, string[]> } {
  const values = new Map(fields.map((f) => [f.name, JSON.parse(f.value) as unknown]));
  const r = parseCatalogCard({ ...cardFieldsOf(values), effect: values.has("effect") ? JSON.stringify(values.get("effect")) : "", imageUrl: null });
  // the photo's path is set after validation (the schema takes absolute https URLs), as an admin upload's is
  return r.ok ? { ok: true, card: { ...r.card, imageUrl: frontUrl } } : r;
}

/**
 * Promotes a submission into the catalog when every one of its fields is
 * verified (inside the caller's transaction): a new printing enters the
 * catalog, a correction updates the card it corrects. Returns the places to invalidate,
 * or null when the printing is not verified yet.
 */
export async function promoteIfVerifiedTx(tx: Tx, submissionId: string, actorId: string): Promise<{ cardId: string; places: (CardPlace | null)[] } | null> {
  const sub = await tx.censusSubmission.findUniqueOrThrow({ where: { id: submissionId }, include: { fields: true } });
  if (sub.status !== "open" || !printingVerified(sub.fields.map((f) => f.state as FieldState))) return null;
  const front = sub.frontPhotoId ? await tx.censusPhoto.findUnique({ where: { id: sub.frontPhotoId }, select: { id: true, contentType: true, removedAt: true } }) : null;
  const parsed = cardOfFields(sub.fields, photoUrl(front));
  if (!parsed.ok) {
    await auditTx(tx, { submissionId, actorId, action: "promote-failed", detail: Object.entries(parsed.fieldErrors).map(([k, v]) => `${k}: ${v.join(", ")}`).join("; ") });
    return null;
  }
  const key = `${parsed.card.set}-${String(parsed.card.number).padStart(3, "0")}`;
  const written = sub.correctsCardId ? await writeCensusCorrectionTx(tx, sub.correctsCardId, parsed.card) : await writeCensusCardTx(tx, parsed.card);
  if (!written) {
    await auditTx(tx, { submissionId, actorId, action: "promote-failed", detail: `the card this corrects is no longer ${key} in the catalog` });
    return null;
  }
  const { id, before } = written;
  await tx.censusSubmission.update({ where: { id: submissionId }, data: { status: "verified", cardId: id, verifiedAt: new Date() } });
  await auditTx(tx, { submissionId, actorId, action: "promote", detail: sub.correctsCardId ? `${key} ${parsed.card.title}: the verified correction updated the catalog card` : `${key} ${parsed.card.title} entered the catalog` });
  return { cardId: id, places: [before, { set: parsed.card.set, number: parsed.card.number, title: parsed.card.title }] };
}

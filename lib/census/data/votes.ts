import "server-only";
import { db } from "@/lib/server/db/db";
import { requireActor, requireAdminActor, type Actor } from "@/lib/server/actor";
import { failure, type DomainFailure } from "@/lib/server/errors";
import { invalidate } from "@/lib/server/cache/invalidate";
import { cardKeyTag, MODERATION_TAG, userTag } from "@/lib/server/cache/tags";
import { invalidateCardChange, type CardPlace } from "@/lib/catalog/data";
import { cardKey } from "@/lib/catalog/keys";
import { displayValue, type CensusFieldName } from "@/lib/census/fields";
import type { CensusPhotoUpload } from "@/lib/census/photos";
import { auditTx, cardOfFields, promoteIfVerifiedTx, refreshFieldStateTx, storePhotoTx, type Tx } from "@/lib/census/data/shared";
import { CENSUS_TAG } from "@/lib/census/data/submissions";

type Done = { ok: true; verified: boolean; promoted: boolean };

async function fieldFor(tx: Tx, submissionId: string, name: CensusFieldName) {
  const field = await tx.censusField.findUnique({ where: { submissionId_name: { submissionId, name } }, include: { submission: true, votes: true } });
  if (!field) return failure("census/not-found", "That submission has no such field.");
  if (field.submission.status !== "open") return failure("census/closed", `That submission is ${field.submission.status}: its fields are closed.`);
  return field;
}

type Change = { sub: { id: string; setCode: string; number: number; userId: string | null }; promoted: { cardId: string; places: (CardPlace | null)[] } | null; verified: boolean };

async function after(c: Change): Promise<Done> {
  await invalidate([CENSUS_TAG, MODERATION_TAG, cardKeyTag(c.sub.setCode, c.sub.number), ...(c.sub.userId ? [userTag(c.sub.userId)] : [])]);
  if (c.promoted) await invalidateCardChange(c.promoted.cardId, c.promoted.places);
  return { ok: true, verified: c.verified, promoted: !!c.promoted };
}

/**
 * Confirms one field against the photo. Refused for the field's own proposer
 * (self-confirmation), twice by one person, and on a closed or verified field.
 * Two confirmations by people other than the proposer verify it; an admin's
 * confirmation verifies it at once (audited as "admin-verify"). When the last
 * field is verified the printing enters the catalog in the same transaction.
 */
export async function confirmField(actor: Actor, submissionId: string, name: CensusFieldName): Promise<Done | DomainFailure> {
  const me = requireActor(actor);
  const r = await db.$transaction(async (tx) => {
    const field = await fieldFor(tx, submissionId, name);
    if ("ok" in field) return field;
    if (field.proposerId === me.id) return failure("census/own-field", "You proposed this value: two other people (or an admin) must confirm it.");
    if (field.state === "verified") return failure("census/closed", "That field is already verified.");
    if (field.votes.some((v) => v.userId === me.id)) return failure("census/already-voted", "You already confirmed or disputed this field.");
    const admin = me.role === "admin";
    await tx.censusVote.create({ data: { fieldId: field.id, userId: me.id, kind: "confirm" } });
    if (admin && field.state !== "disputed") await tx.censusField.update({ where: { id: field.id }, data: { verifiedByAdmin: true } });
    const verifiedNow = admin && field.state !== "disputed";
    await auditTx(tx, { submissionId, fieldName: name, actorId: me.id, action: verifiedNow ? "admin-verify" : "confirm", detail: displayValue(name, JSON.parse(field.value)) });
    const state = await refreshFieldStateTx(tx, field.id);
    const promoted = state === "verified" ? await promoteIfVerifiedTx(tx, submissionId, me.id) : null;
    return { ok: true as const, change: { sub: field.submission, promoted, verified: state === "verified" } };
  });
  return r.ok ? after(r.change) : r;
}

/**
 * Disputes one field: the value the disputer reads on the card (checked by the
 * same rules as a submission: the engine's schema for an effect), a note, and
 * optionally their own photo. The field stays disputed until an admin settles it.
 */
export async function disputeField(actor: Actor, submissionId: string, name: CensusFieldName, value: unknown, note: string, photo: CensusPhotoUpload | null): Promise<{ ok: true } | DomainFailure> {
  const me = requireActor(actor);
  const r = await db.$transaction(async (tx) => {
    const field = await fieldFor(tx, submissionId, name);
    if ("ok" in field) return field;
    if (field.proposerId === me.id) return failure("census/own-field", "You proposed this value: you cannot dispute it (submit a correction by answering instead).");
    if (field.state === "verified") return failure("census/closed", "That field is already verified.");
    if (field.votes.some((v) => v.userId === me.id)) return failure("census/already-voted", "You already confirmed or disputed this field.");
    const all = await tx.censusField.findMany({ where: { submissionId }, select: { name: true, value: true } });
    const check = cardOfFields(all.map((f) => (f.name === name ? { name, value: JSON.stringify(value) } : f)), null);
    if (!check.ok && check.fieldErrors[name]) return failure("input/invalid", "That value is not valid for this field.", { value: check.fieldErrors[name] });
    const photoId = photo ? await storePhotoTx(tx, photo, me.id) : null;
    if (photoId !== null && typeof photoId !== "string") return photoId;
    await tx.censusVote.create({ data: { fieldId: field.id, userId: me.id, kind: "dispute", value: JSON.stringify(value), note, photoId } });
    await auditTx(tx, { submissionId, fieldName: name, actorId: me.id, action: "dispute", detail: `${displayValue(name, JSON.parse(field.value))} → ${displayValue(name, value)}${note ? ` (${note})` : ""}` });
    await refreshFieldStateTx(tx, field.id);
    return { ok: true as const, sub: field.submission };
  });
  if (!r.ok) return r;
  await after({ sub: r.sub, promoted: null, verified: false });
  return { ok: true };
}

/** The submitter answers a dispute on one of their fields (shown beside the diff; an admin then settles it). */
export async function answerDispute(actor: Actor, submissionId: string, name: CensusFieldName, answer: string): Promise<{ ok: true } | DomainFailure> {
  const me = requireActor(actor);
  const r = await db.$transaction(async (tx) => {
    const field = await fieldFor(tx, submissionId, name);
    if ("ok" in field) return field;
    if (field.submission.userId !== me.id) return failure("auth/forbidden", "Only the submitter can answer a dispute.");
    if (field.state !== "disputed") return failure("census/not-disputed", "That field is not disputed.");
    await tx.censusField.update({ where: { id: field.id }, data: { answer } });
    await auditTx(tx, { submissionId, fieldName: name, actorId: me.id, action: "answer", detail: answer });
    return { ok: true as const, sub: field.submission };
  });
  if (!r.ok) return r;
  await after({ sub: r.sub, promoted: null, verified: false });
  return { ok: true };
}

/**
 * Admin: settles a disputed field, keeping the proposed value ("keep") or
 * taking a dispute's value (its vote id), which then carries the disputer's
 * provenance. Either way the field is verified by the admin, every open dispute
 * on it closes, and the decision is in the audit log. A changed set or number
 * moves the submission (refused onto a printing already in the census).
 */
export async function settleDispute(actor: Actor, submissionId: string, name: CensusFieldName, decision: "keep" | { voteId: string }, note: string): Promise<Done | DomainFailure> {
  const admin = requireAdminActor(actor);
  const r = await db.$transaction(async (tx) => {
    const field = await fieldFor(tx, submissionId, name);
    if ("ok" in field) return field;
    if (field.state !== "disputed") return failure("census/not-disputed", "That field is not disputed.");
    let data: { value?: string; proposerId?: string | null; proposedAt?: Date } = {};
    let detail = `kept ${displayValue(name, JSON.parse(field.value))}`;
    if (decision !== "keep") {
      const vote = field.votes.find((v) => v.id === decision.voteId && v.kind === "dispute" && v.open);
      if (!vote || vote.value === null) return failure("census/not-found", "That dispute is not open on this field.");
      data = { value: vote.value, proposerId: vote.userId, proposedAt: vote.createdAt };
      detail = `${displayValue(name, JSON.parse(field.value))} → ${displayValue(name, JSON.parse(vote.value))}`;
      if (name === "set" || name === "number") {
        const moved = { setCode: name === "set" ? String(JSON.parse(vote.value)) : field.submission.setCode, number: name === "number" ? Number(JSON.parse(vote.value)) : field.submission.number };
        const clash = await tx.censusSubmission.findFirst({ where: { ...moved, status: { in: ["open", "verified"] }, id: { not: submissionId } }, select: { id: true } });
        if (clash) return failure("census/duplicate", `${cardKey(moved.setCode, moved.number)} is already in the census: remove one of the two instead.`);
        await tx.censusSubmission.update({ where: { id: submissionId }, data: moved });
      }
    }
    await tx.censusField.update({ where: { id: field.id }, data: { ...data, verifiedByAdmin: true } });
    await tx.censusVote.updateMany({ where: { fieldId: field.id, kind: "dispute", open: true }, data: { open: false } });
    await auditTx(tx, { submissionId, fieldName: name, actorId: admin.id, action: decision === "keep" ? "settle-keep" : "settle-replace", detail: note ? `${detail} (${note})` : detail });
    const state = await refreshFieldStateTx(tx, field.id);
    const promoted = await promoteIfVerifiedTx(tx, submissionId, admin.id);
    const sub = await tx.censusSubmission.findUniqueOrThrow({ where: { id: submissionId } });
    return { ok: true as const, change: { sub, promoted, verified: state === "verified" } };
  });
  return r.ok ? after(r.change) : r;
}

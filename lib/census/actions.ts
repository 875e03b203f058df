"use server";

import { z } from "zod";
import { fail, zodPartFail } from "@/lib/server/action-result";
import { defineFormAction, type Upload, type UploadSpec } from "@/lib/server/action";
import { failure } from "@/lib/server/errors";
import { cardFormFields, catalogCardFormSchema } from "@/lib/catalog/schemas";
import { MAX_CENSUS_PHOTO_BYTES, MAX_CENSUS_PHOTO_LABEL } from "@/lib/census/photo-limits";
import { prepareCensusPhoto, type CensusPhotoUpload } from "@/lib/census/photos";
import { answerSchema, disputedValue, submissionIdSchema, disputeSchema, optInSchema, photoAdminSchema, removeSchema, reportSchema, settleSchema, voteSchema } from "@/lib/census/schemas";
import { createSubmission, removeSubmission } from "@/lib/census/data/submissions";
import { answerDispute, confirmField, disputeField, settleDispute } from "@/lib/census/data/votes";
import { dismissPhotoReports, removeCensusPhoto, reportCensusPhoto } from "@/lib/census/data/photos";
import { setPullRateOptIn } from "@/lib/census/data/pull-rates";

const FIX = "Please correct the highlighted fields.";

const photo = (field: string): UploadSpec => ({
  maxBytes: MAX_CENSUS_PHOTO_BYTES,
  tooLarge: (size) => failure("input/too-large", FIX, { [field]: [`The photo is ${(size / (1024 * 1024)).toFixed(1)} MB: photos may be at most ${MAX_CENSUS_PHOTO_LABEL}.`] }),
});

/** Decodes and re-encodes an upload (no metadata), or the field error to show. */
async function photoOf(upload: Upload | null, field: string): Promise<{ photo: CensusPhotoUpload | null; error?: undefined } | { error: Record<string, string[]> }> {
  if (!upload) return { photo: null };
  const r = await prepareCensusPhoto(upload.bytes);
  return r.ok ? { photo: r.photo } : { error: { [field]: [r.message] } };
}

/**
 * Any signed-in user: submit a printing with a photo of its front (required)
 * and back (optional), or, with `cardId`, a correction of that catalog card.
 */
export const submitPrintingAction = defineFormAction({
  input: z.object({ card: catalogCardFormSchema, cardId: submissionIdSchema.optional() }),
  fields: (form) => ({ card: { ...cardFormFields(form), imageUrl: null }, cardId: form.get("cardId") || undefined }),
  invalid: (e) => (e.issues.some((i) => i.path[0] === "cardId") ? fail("That card id is not valid.") : zodPartFail(e, "card", FIX)),
  auth: "user",
  limit: ["census-submit", "census-upload"],
  uploads: { front: photo("front"), back: photo("back") },
  run: async ({ card, cardId }, actor, { files }) => {
    if (!files.front) return fail(FIX, { front: ["A photo of the card's front is the evidence: choose one."] });
    const [front, back] = await Promise.all([photoOf(files.front, "front"), photoOf(files.back, "back")]);
    if (front.error || back.error) return fail(FIX, { ...front.error, ...back.error });
    const r = await createSubmission(actor, card, { front: front.photo!, back: back.photo }, { correctsCardId: cardId ?? null });
    return r.ok ? { ok: true, data: { id: r.id } } : r;
  },
  refresh: true,
  redirect: (data) => `/census/${data.id}?sent=1`,
});

/** Confirm one field against the photo (not one's own; an admin's confirmation verifies it). */
export const confirmFieldAction = defineFormAction({
  input: voteSchema,
  invalid: () => fail("That field could not be found."),
  auth: "user",
  limit: "census-vote",
  run: async ({ id, field }, actor) => {
    const r = await confirmField(actor, id, field);
    if (!r.ok) return r;
    return { ok: true, data: r, message: r.promoted ? "Confirmed: the printing is verified and is now in the catalog." : r.verified ? "Confirmed: this field is verified." : "Confirmed." };
  },
  refresh: true,
});

/** Dispute one field with the value read on the card, a note and optionally one's own photo. */
export const disputeFieldAction = defineFormAction({
  input: disputeSchema,
  auth: "user",
  limit: ["census-vote", "census-upload"],
  uploads: { photo: photo("photo") },
  run: async ({ id, field, value, note }, actor, { files }) => {
    const parsed = disputedValue(field, value);
    if (!parsed.ok) return fail(FIX, { value: [parsed.message] });
    const p = await photoOf(files.photo, "photo");
    if (p.error) return fail(FIX, p.error);
    const r = await disputeField(actor, id, field, parsed.value, note, p.photo);
    return r.ok ? { ok: true, data: undefined, message: "Dispute recorded: an admin will settle it." } : r;
  },
  refresh: true,
});

/** The submitter answers a dispute. */
export const answerDisputeAction = defineFormAction({
  input: answerSchema,
  auth: "user",
  limit: "census-vote",
  run: async ({ id, field, answer }, actor) => {
    const r = await answerDispute(actor, id, field, answer);
    return r.ok ? { ok: true, data: undefined, message: "Answer saved." } : r;
  },
  refresh: true,
});

/** Admin: settle a dispute, keeping the value or taking a dispute's. */
export const settleDisputeAction = defineFormAction({
  input: settleSchema,
  auth: "admin",
  limit: "moderation",
  run: async ({ id, field, decision, note }, actor) => {
    const r = await settleDispute(actor, id, field, decision === "keep" ? "keep" : { voteId: decision }, note);
    return r.ok ? { ok: true, data: undefined, message: r.promoted ? "Settled: the printing is verified and is now in the catalog." : "Settled." } : r;
  },
  refresh: true,
});

/** Admin: remove an open submission with a reason. */
export const removeSubmissionAction = defineFormAction({
  input: removeSchema,
  auth: "admin",
  limit: "moderation",
  run: async ({ id, reason }, actor) => {
    const r = await removeSubmission(actor, id, reason);
    return r.ok ? { ok: true, data: undefined } : r;
  },
  refresh: true,
  redirect: () => "/census?removed=1",
});

/** Report a photo to the admins. */
export const reportPhotoAction = defineFormAction({
  input: reportSchema,
  auth: "user",
  limit: "report",
  run: async ({ photo, reason }, actor) => {
    const r = await reportCensusPhoto(actor, photo, reason);
    return r.ok ? { ok: true, data: undefined, message: "Thanks: an admin will look at this photo." } : r;
  },
  refresh: true,
});

/** Admin: remove a photo ("remove") or dismiss its reports ("keep"). */
export const moderatePhotoAction = defineFormAction({
  input: photoAdminSchema.extend({ decision: z.enum(["remove", "keep"]) }),
  auth: "admin",
  limit: "moderation",
  run: async ({ photo, reason, decision }, actor) => {
    const r = decision === "remove" ? await removeCensusPhoto(actor, photo, reason || "removed after a report") : await dismissPhotoReports(actor, photo);
    return r.ok ? { ok: true, data: undefined, message: decision === "remove" ? "Photo removed." : "Reports dismissed." } : r;
  },
  refresh: true,
});

/** Opt in or out of counting one's logged packs towards the anonymous pull-rate figures. */
export const pullRateOptInAction = defineFormAction({
  input: optInSchema,
  auth: "user",
  limit: "account",
  run: async ({ optIn }, actor) => {
    const r = await setPullRateOptIn(actor, optIn === "on");
    return { ok: true, data: undefined, message: r.optIn ? "Your logged packs now count towards the pull-rate figures." : "Your packs no longer count towards any figure." };
  },
  refresh: true,
});

/**
 * Access-matrix rows for the card census: submissions, votes, disputes, photos, set checklists and pull rates
 * (read by lib/server/access-matrix.test.ts; docs/architecture.md "The access matrix").
 */
import sharp from "sharp";
import { expect } from "vitest";
import * as submissions from "@/lib/census/data/submissions";
import * as votes from "@/lib/census/data/votes";
import * as photos from "@/lib/census/data/photos";
import * as account from "@/lib/census/data/account";
import * as evidence from "@/lib/census/data/evidence";
import * as sets from "@/lib/census/data/sets";
import * as pullRates from "@/lib/census/data/pull-rates";
import { prepareCensusPhoto } from "@/lib/census/photos";
import { parseCatalogCard } from "@/lib/catalog/schemas";
import { ADMIN, OWNER_ONLY, PUBLIC, SIGNED_IN, db, fixture, nextNumber, type Outcome, type Rows, type Who } from "@/test/access/harness";

let shade = 0;
/** A fresh re-encoded photo (a new colour each time, so a new content address). */
async function freshPhoto() {
  shade++;
  const bytes = await sharp({ create: { width: 4, height: 6, channels: 3, background: { r: shade % 256, g: (shade >> 8) % 256, b: 77 } } }).png().toBuffer();
  const r = await prepareCensusPhoto(bytes);
  if (!r.ok) throw new Error(r.message);
  return r.photo;
}

function censusCard(title = "Matrix Card") {
  const r = parseCatalogCard({ set: "ACC", number: nextNumber(), title, traits: ["Animal"], colors: ["blue"], rings: 2, rarity: "common", text: "", effect: null, imageUrl: null });
  if (!r.ok) throw new Error(JSON.stringify(r.fieldErrors));
  return r.card;
}

/** A fresh open submission by the fixture's owner; its id. */
async function ownerSubmission(title?: string): Promise<string> {
  // the rows make many; past the cap of open submissions per person, close the older ones
  const owner = fixture().users.owner.id;
  if ((await db().censusSubmission.count({ where: { userId: owner, status: "open" } })) >= 40) await db().censusSubmission.updateMany({ where: { userId: owner, status: "open" }, data: { status: "removed" } });
  const r = await submissions.createSubmission(fixture().users.owner, censusCard(title), { front: await freshPhoto(), back: null });
  if (!r.ok) throw new Error(r.message);
  return r.id;
}

/** A fresh owner's submission whose title another user disputed; its id. */
async function disputedSubmission(): Promise<string> {
  const id = await ownerSubmission();
  const r = await votes.disputeField(fixture().users.other, id, "title", "Another Title", "", null);
  if (!r.ok) throw new Error(r.message);
  return id;
}

/** A fresh photo stored and reported by the owner; its id. */
async function reportedPhoto(): Promise<string> {
  const id = await ownerSubmission();
  const sub = await db().censusSubmission.findUniqueOrThrow({ where: { id } });
  await photos.reportCensusPhoto(fixture().users.owner, sub.frontPhotoId!, "not a card");
  return sub.frontPhotoId!;
}

/** Everyone may act on another's submission but its proposer (self-confirmation is refused). */
const NOT_THE_PROPOSER: Record<Who, Outcome> = { guest: "unauthenticated", other: "ok", admin: "ok", owner: "denied" };

/** Every exported function of this feature's data access (key: file under lib/, then #name). */
export const data: Rows = {
  "census/data/submissions.ts#createSubmission": { access: "checked", call: async (actor) => submissions.createSubmission(actor, censusCard(), { front: await freshPhoto(), back: null }), expect: SIGNED_IN },
  "census/data/submissions.ts#getSubmission": {
    access: "checked",
    prepare: () => ownerSubmission(),
    call: (actor, _f, id) => submissions.getSubmission(actor, id),
    expect: PUBLIC,
    verify: (who, r) => expect((r as { isSubmitter: boolean }).isSubmitter).toBe(who === "owner"),
  },
  "census/data/submissions.ts#listCensusQueue": {
    access: "checked",
    prepare: () => ownerSubmission(),
    call: (actor) => submissions.listCensusQueue(actor, "mine"),
    expect: SIGNED_IN,
    // "mine" is the caller's own: nobody else sees the owner's submissions there
    verify: (who, r, f) => expect((r as { items: { submittedBy: string }[] }).items.every((i) => i.submittedBy === f.users[who as "owner"].displayName)).toBe(true),
  },
  "census/data/submissions.ts#removeSubmission": { access: "checked", prepare: () => ownerSubmission(), call: (actor, _f, id) => submissions.removeSubmission(actor, id, "spam in the matrix"), expect: ADMIN },
  "census/data/votes.ts#confirmField": { access: "checked", prepare: () => ownerSubmission(), call: (actor, _f, id) => votes.confirmField(actor, id, "title"), expect: NOT_THE_PROPOSER },
  "census/data/votes.ts#disputeField": { access: "checked", prepare: () => ownerSubmission(), call: (actor, _f, id) => votes.disputeField(actor, id, "rings", 5, "", null), expect: NOT_THE_PROPOSER },
  // only the submitter answers a dispute
  "census/data/votes.ts#answerDispute": { access: "checked", prepare: disputedSubmission, call: (actor, _f, id) => votes.answerDispute(actor, id, "title", "It reads Matrix Card."), expect: OWNER_ONLY },
  "census/data/votes.ts#settleDispute": { access: "checked", prepare: disputedSubmission, call: (actor, _f, id) => votes.settleDispute(actor, id, "title", "keep", ""), expect: ADMIN },
  "census/data/photos.ts#getCensusPhoto": {
    access: "checked",
    prepare: async () => (await db().censusSubmission.findUniqueOrThrow({ where: { id: await ownerSubmission() } })).frontPhotoId!,
    call: (_actor, _f, sha) => photos.getCensusPhoto(sha, "image/png"),
    expect: PUBLIC,
  },
  "census/data/photos.ts#reportCensusPhoto": {
    access: "checked",
    prepare: async () => (await db().censusSubmission.findUniqueOrThrow({ where: { id: await ownerSubmission() } })).frontPhotoId!,
    call: (actor, _f, sha) => photos.reportCensusPhoto(actor, sha, "not a card"),
    expect: SIGNED_IN,
  },
  "census/data/photos.ts#listPhotoReports": { access: "checked", prepare: reportedPhoto, call: (actor) => photos.listPhotoReports(actor), expect: ADMIN },
  "census/data/photos.ts#removeCensusPhoto": { access: "checked", prepare: reportedPhoto, call: (actor, _f, sha) => photos.removeCensusPhoto(actor, sha, "matrix"), expect: ADMIN },
  "census/data/photos.ts#dismissPhotoReports": { access: "checked", prepare: reportedPhoto, call: (actor, _f, sha) => photos.dismissPhotoReports(actor, sha), expect: ADMIN },
  "census/data/photos.ts#listCensusAudit": { access: "checked", call: (actor) => photos.listCensusAudit(actor), expect: ADMIN },
  "census/data/account.ts#exportMyCensus": {
    access: "checked",
    prepare: () => ownerSubmission("Owner Export Card"),
    call: (actor) => account.exportMyCensus(actor),
    expect: SIGNED_IN,
    verify: (who, r) => expect(JSON.stringify(r).includes("Owner Export Card")).toBe(who === "owner"),
  },
  "census/data/account.ts#anonymiseCensusTx": { access: "internal", why: "a step of deleting the signed-in user's own account, inside its transaction", importers: ["lib/accounts/data/account.ts"] },
  "census/data/evidence.ts#cardEvidence": {
    access: "checked",
    prepare: () => ownerSubmission(),
    call: async (_actor, _f, id) => {
      const s = await db().censusSubmission.findUniqueOrThrow({ where: { id } });
      return evidence.cardEvidence(s.setCode, s.number);
    },
    expect: PUBLIC,
  },
  "census/data/sets.ts#listSets": {
    access: "checked",
    call: (actor) => sets.listSets(actor),
    expect: PUBLIC,
    // a collector's progress is their own; a guest has none
    verify: (who, r) => expect((r as { owned: number | null }[]).every((s) => (s.owned === null) === (who === "guest"))).toBe(true),
  },
  "census/data/sets.ts#getSetPage": { access: "checked", call: (actor) => sets.getSetPage(actor, "DEMO"), expect: PUBLIC, verify: (who, r) => expect((r as { owned: number | null }).owned === null).toBe(who === "guest") },
  "census/data/pull-rates.ts#getPullRateOptIn": { access: "checked", call: (actor) => pullRates.getPullRateOptIn(actor), expect: SIGNED_IN },
  "census/data/pull-rates.ts#setPullRateOptIn": { access: "checked", call: (actor) => pullRates.setPullRateOptIn(actor, false), expect: SIGNED_IN },
  "census/data/pull-rates.ts#setPullRates": { access: "checked", call: () => pullRates.setPullRates("DEMO"), expect: PUBLIC, verify: (_who, r) => expect(JSON.stringify(r)).not.toMatch(/userId|email/) },
  "census/data/shared.ts#auditTx": { access: "internal", why: "writes an audit entry inside a census write that checked its actor", importers: ["lib/census/data/submissions.ts", "lib/census/data/votes.ts", "lib/census/data/photos.ts"] },
  "census/data/shared.ts#storePhotoTx": { access: "internal", why: "stores a re-encoded photo inside a checked submission or dispute", importers: ["lib/census/data/submissions.ts", "lib/census/data/votes.ts"] },
  "census/data/shared.ts#refreshFieldStateTx": { access: "internal", why: "recomputes a field's state inside a checked vote or settlement", importers: ["lib/census/data/votes.ts"] },
  "census/data/shared.ts#promoteIfVerifiedTx": { access: "internal", why: "promotes a fully verified printing inside the checked vote or settlement that verified its last field", importers: ["lib/census/data/votes.ts"] },
  "census/data/shared.ts#photoUrl": { access: "pure", why: "the served path of a photo row passed in" },
  "census/data/shared.ts#cardOfFields": { access: "pure", why: "validates field values passed in into a catalog card" },
};

export const routes: Rows = {};

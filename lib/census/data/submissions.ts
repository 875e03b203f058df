import "server-only";
import { db } from "@/lib/server/db/db";
import { requireActor, requireAdminActor, type Actor } from "@/lib/server/actor";
import { failure, type DomainFailure } from "@/lib/server/errors";
import { invalidate } from "@/lib/server/cache/invalidate";
import { cardKeyTag, MODERATION_TAG, userTag } from "@/lib/server/cache/tags";
import { cardKey } from "@/lib/catalog/keys";
import type { CatalogCard } from "@/lib/catalog/schemas";
import { cardInclude, toCardDTO } from "@/lib/catalog/data";
import { CENSUS_FIELDS, displayValue, FIELD_LABELS, fieldValuesOf, RESERVED_SET_CODES, type CensusFieldName, type FieldState } from "@/lib/census/fields";
import type { CensusPhotoUpload } from "@/lib/census/photos";
import type { CensusFieldDTO, CensusPhotoDTO, CensusQueueFilter, CensusQueueItem, CensusSubmissionDTO } from "@/lib/census/types";
import { auditTx, FORMER_MEMBER, photoUrl, storePhotoTx, type Tx } from "@/lib/census/data/shared";

/** Census tag: the queue and every submission page (signed-in pages re-render on their actions; this marks the data). */
export const CENSUS_TAG = "census";

/** At most this many submissions open at once per person (an admin removes or people verify them). */
export const OPEN_SUBMISSIONS_PER_USER = 50;

type Photos = { front: CensusPhotoUpload; back: CensusPhotoUpload | null };

/** The card a correction is for, as the census compares it: its place and its current field values. */
async function correctionTarget(tx: Tx, cardId: string): Promise<{ set: string; number: number; title: string; values: Map<string, string> } | null> {
  const row = await tx.card.findUnique({ where: { id: cardId }, include: cardInclude });
  if (!row) return null;
  const card = toCardDTO(row);
  const values = new Map(fieldValuesOf(card).map((f) => [f.name, f.value]));
  return { set: card.set, number: card.number, title: card.title, values };
}

/**
 * Any signed-in user: submits a printing with its photo evidence, or, with
 * `correctsCardId`, a correction of a catalog card (the demo set's included).
 * Every field records its proposer, photo and time. Refused for a new printing
 * in the demo set, for a printing already open in the census (confirm or
 * dispute it there), for a new printing already verified (correct it from its
 * card page), for a correction that moves the card to another set or number or
 * changes nothing, and past OPEN_SUBMISSIONS_PER_USER open submissions. Never
 * changes the catalog: promotion does, once every field is verified.
 */
export async function createSubmission(
  actor: Actor,
  card: CatalogCard,
  photos: Photos,
  options: { correctsCardId?: string | null } = {},
): Promise<{ ok: true; id: string } | DomainFailure> {
  const me = requireActor(actor);
  const correctsCardId = options.correctsCardId ?? null;
  if (!correctsCardId && (RESERVED_SET_CODES as readonly string[]).includes(card.set))
    return failure("input/invalid", "The census is for real printings: the demo set cannot be submitted.", { set: ["Use the set code printed on the card (the demo set is not a real printing)."] });
  const key = cardKey(card.set, card.number);
  const r = await db.$transaction(async (tx) => {
    if (correctsCardId) {
      const target = await correctionTarget(tx, correctsCardId);
      if (!target) return failure("census/not-found", "The card you are correcting is no longer in the catalog.");
      if (target.set !== card.set || target.number !== card.number) {
        const was = cardKey(target.set, target.number);
        return failure("input/invalid", `A correction keeps the card's set and number (${was}).`, { [target.set !== card.set ? "set" : "number"]: [`A correction of ${was} keeps its set and number: an admin moves a card in the catalog.`] });
      }
      if (fieldValuesOf(card).every((f) => target.values.get(f.name) === f.value) && fieldValuesOf(card).length === target.values.size)
        return failure("input/invalid", `That is what ${key} already says: change the fields that are wrong.`, { _form: [`Nothing differs from ${key} in the catalog.`] });
    }
    const clash = await tx.censusSubmission.findFirst({ where: { setCode: card.set, number: card.number, status: correctsCardId ? "open" : { in: ["open", "verified"] } }, select: { id: true, status: true } });
    if (clash?.status === "open")
      return failure("census/duplicate", `${key} is already open in the census: confirm or dispute its fields there.`, { number: [`${key} is already in the census: open it from the queue.`] });
    if (clash)
      return failure("census/duplicate", `${key} is already verified: propose a correction from its card page.`, { number: [`${key} is already verified: use "Propose a correction" on its card page.`] });
    const open = await tx.censusSubmission.count({ where: { userId: me.id, status: "open" } });
    if (open >= OPEN_SUBMISSIONS_PER_USER) return failure("rate/limited", `You have ${open} open submissions: wait until some are verified before adding more.`);
    const front = await storePhotoTx(tx, photos.front, me.id);
    if (typeof front !== "string") return front;
    const back = photos.back ? await storePhotoTx(tx, photos.back, me.id) : null;
    if (back !== null && typeof back !== "string") return back;
    const now = new Date();
    const sub = await tx.censusSubmission.create({
      data: {
        userId: me.id,
        setCode: card.set,
        number: card.number,
        correctsCardId,
        frontPhotoId: front,
        backPhotoId: back,
        createdAt: now,
        fields: { create: fieldValuesOf(card).map((f) => ({ ...f, proposerId: me.id, photo: "front", proposedAt: now })) },
      },
      select: { id: true },
    });
    await auditTx(tx, { submissionId: sub.id, actorId: me.id, action: "submit", detail: `${correctsCardId ? "correction of " : ""}${key} ${card.title}` });
    return { ok: true as const, id: sub.id };
  });
  if (r.ok) await invalidate([CENSUS_TAG, userTag(me.id), cardKeyTag(card.set, card.number)]);
  return r;
}

const submissionInclude = { fields: { include: { votes: { orderBy: { createdAt: "asc" } } } } } as const;

async function namesOf(ids: (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  const rows = wanted.length ? await db.user.findMany({ where: { id: { in: wanted } }, select: { id: true, displayName: true } }) : [];
  return new Map(rows.map((u) => [u.id, u.displayName]));
}

async function photosOf(ids: (string | null | undefined)[]): Promise<Map<string, CensusPhotoDTO>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  const rows = wanted.length ? await db.censusPhoto.findMany({ where: { id: { in: wanted } }, select: { id: true, contentType: true, removedAt: true } }) : [];
  return new Map(rows.map((p) => [p.id, { id: p.id, url: photoUrl(p), removed: !!p.removedAt }]));
}

const parse = (v: string | null): unknown => (v === null ? null : (JSON.parse(v) as unknown));

/**
 * A submission with every field's value, provenance, state and votes, for
 * anyone (the census is public). Removed submissions are shown to admins only.
 * Null when there is none.
 */
export async function getSubmission(actor: Actor | null, id: string): Promise<CensusSubmissionDTO | null> {
  const row = await db.censusSubmission.findUnique({ where: { id }, include: submissionInclude });
  if (!row || (row.status === "removed" && actor?.role !== "admin")) return null;
  const votes = row.fields.flatMap((f) => f.votes);
  const [names, photos] = await Promise.all([namesOf([row.userId, ...row.fields.map((f) => f.proposerId), ...votes.map((v) => v.userId)]), photosOf([row.frontPhotoId, row.backPhotoId, ...votes.map((v) => v.photoId)])]);
  const nameOf = (uid: string | null) => (uid ? (names.get(uid) ?? FORMER_MEMBER) : FORMER_MEMBER);
  const targetRow = row.correctsCardId ? await db.card.findUnique({ where: { id: row.correctsCardId }, include: cardInclude }) : null;
  const target = targetRow ? toCardDTO(targetRow) : null;
  const now = target ? new Map(fieldValuesOf(target).map((f) => [f.name, f.value])) : null;
  const byName = new Map(row.fields.map((f) => [f.name, f]));
  const fields: CensusFieldDTO[] = CENSUS_FIELDS.filter((n) => byName.has(n)).map((name) => {
    const f = byName.get(name)!;
    const value = parse(f.value);
    const mine = !!actor && f.proposerId === actor.id;
    const voted = !!actor && f.votes.some((v) => v.userId === actor.id);
    return {
      name: name as CensusFieldName,
      label: FIELD_LABELS[name],
      display: displayValue(name, value),
      value,
      state: f.state as FieldState,
      proposedBy: nameOf(f.proposerId),
      photo: f.photo === "back" ? "back" : "front",
      proposedAt: f.proposedAt.toISOString(),
      confirmations: new Set(f.votes.filter((v) => v.kind === "confirm" && v.userId !== f.proposerId).map((v) => v.userId ?? v.id)).size,
      verifiedByAdmin: f.verifiedByAdmin,
      answer: f.answer,
      isMine: mine,
      canVote: !!actor && !mine && !voted && row.status === "open" && f.state !== "verified",
      catalogNow: now && (now.get(name) ?? "null") !== f.value ? displayValue(name, parse(now.get(name) ?? null)) || "(none)" : null,
      votes: f.votes.map((v) => ({
        id: v.id,
        kind: v.kind === "dispute" ? "dispute" : "confirm",
        by: nameOf(v.userId),
        mine: !!actor && v.userId === actor.id,
        value: v.value === null ? null : displayValue(name, parse(v.value)),
        rawValue: parse(v.value),
        note: v.note,
        photo: v.photoId ? (photos.get(v.photoId) ?? null) : null,
        open: v.open,
        createdAt: v.createdAt.toISOString(),
      })),
    };
  });
  const title = byName.get("title");
  return {
    id: row.id,
    key: cardKey(row.setCode, row.number),
    setCode: row.setCode,
    number: row.number,
    title: title ? String(parse(title.value)) : "",
    status: row.status as CensusSubmissionDTO["status"],
    source: row.source === "suggestion" ? "suggestion" : "form",
    corrects: target ? { key: target.key, title: target.title, href: `/cards/${encodeURIComponent(target.set)}/${target.number}`, unofficial: target.unofficial } : null,
    submittedBy: nameOf(row.userId),
    isSubmitter: !!actor && row.userId === actor.id,
    createdAt: row.createdAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    front: row.frontPhotoId ? (photos.get(row.frontPhotoId) ?? null) : null,
    back: row.backPhotoId ? (photos.get(row.backPhotoId) ?? null) : null,
    fields,
    verifiedFields: fields.filter((f) => f.state === "verified").length,
    cardHref: row.status === "verified" ? `/cards/${encodeURIComponent(row.setCode)}/${row.number}` : null,
  };
}

export const QUEUE_PAGE_SIZE = 30;

/**
 * The census queue (public): open submissions (oldest first, so nothing waits
 * forever), disputed ones, recently verified ones, or, for a signed-in user,
 * their own or "what my collection could verify": open submissions of
 * printings they own. Those two filters need an actor.
 */
export async function listCensusQueue(actor: Actor | null, filter: CensusQueueFilter, page = 1): Promise<{ items: CensusQueueItem[]; total: number; page: number }> {
  let where: NonNullable<Parameters<typeof db.censusSubmission.findMany>[0]>["where"];
  if (filter === "mine") where = { userId: requireActor(actor).id, status: { not: "removed" } };
  else if (filter === "verified") where = { status: "verified" };
  else if (filter === "disputed") where = { status: "open", fields: { some: { state: "disputed" } } };
  else if (filter === "my-collection") {
    const me = requireActor(actor);
    const owned = await db.collectionEntry.findMany({ where: { userId: me.id, quantity: { gt: 0 } }, select: { card: { select: { number: true, set: { select: { code: true } } } } }, take: 5000 });
    const keys = owned.map((o) => ({ setCode: o.card.set.code, number: o.card.number }));
    where = keys.length ? { status: "open", OR: keys } : { id: "" };
  } else where = { status: "open" };
  const skip = (Math.max(1, page) - 1) * QUEUE_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    db.censusSubmission.findMany({
      where,
      include: { fields: { select: { name: true, value: true, state: true } } },
      orderBy: filter === "verified" ? [{ verifiedAt: "desc" }, { id: "asc" }] : [{ createdAt: filter === "mine" ? "desc" : "asc" }, { id: "asc" }],
      skip,
      take: QUEUE_PAGE_SIZE,
    }),
    db.censusSubmission.count({ where }),
  ]);
  const [names, photos] = await Promise.all([namesOf(rows.map((r) => r.userId)), photosOf(rows.map((r) => r.frontPhotoId))]);
  return {
    total,
    page: Math.max(1, page),
    items: rows.map((r) => {
      const title = r.fields.find((f) => f.name === "title");
      return {
        id: r.id,
        key: cardKey(r.setCode, r.number),
        title: title ? String(parse(title.value)) : "",
        status: r.status as CensusQueueItem["status"],
        verifiedFields: r.fields.filter((f) => f.state === "verified").length,
        fieldCount: r.fields.length,
        disputed: r.fields.some((f) => f.state === "disputed"),
        submittedBy: r.userId ? (names.get(r.userId) ?? FORMER_MEMBER) : FORMER_MEMBER,
        createdAt: r.createdAt.toISOString(),
        frontUrl: r.frontPhotoId ? (photos.get(r.frontPhotoId)?.url ?? null) : null,
      };
    }),
  };
}

/** Admin: removes an open submission (spam, not a card, a duplicate), with a reason in the audit log. Verified ones are catalog cards: edit those in the catalog. */
export async function removeSubmission(actor: Actor, id: string, reason: string): Promise<{ ok: true } | DomainFailure> {
  const admin = requireAdminActor(actor);
  const r = await db.$transaction(async (tx) => {
    const sub = await tx.censusSubmission.findUnique({ where: { id }, select: { status: true, userId: true, setCode: true, number: true } });
    if (!sub) return failure("census/not-found", "There is no such submission.");
    if (sub.status !== "open") return failure("census/closed", `That submission is ${sub.status}: only open submissions can be removed.`);
    await tx.censusSubmission.update({ where: { id }, data: { status: "removed" } });
    await auditTx(tx, { submissionId: id, actorId: admin.id, action: "remove", detail: reason });
    return { ok: true as const, sub };
  });
  if (!r.ok) return r;
  await invalidate([CENSUS_TAG, MODERATION_TAG, cardKeyTag(r.sub.setCode, r.sub.number), ...(r.sub.userId ? [userTag(r.sub.userId)] : [])]);
  return { ok: true };
}

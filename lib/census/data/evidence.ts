import "server-only";
import { unstable_cache } from "next/cache";
import { db } from "@/lib/server/db/db";
import { cardKeyTag } from "@/lib/server/cache/tags";
import { CENSUS_FIELDS, CONFIRMATIONS_NEEDED, FIELD_LABELS, type CensusFieldName, type FieldState } from "@/lib/census/fields";
import type { CardEvidenceDTO } from "@/lib/census/types";
import { FORMER_MEMBER, photoUrl } from "@/lib/census/data/shared";

async function evidenceFor(setCode: string, number: number): Promise<CardEvidenceDTO | null> {
  const sub = await db.censusSubmission.findFirst({
    where: { setCode, number, status: { in: ["verified", "open"] } },
    orderBy: [{ status: "desc" }, { createdAt: "desc" }],
    include: { fields: { include: { votes: { select: { userId: true, kind: true } } } } },
  });
  if (!sub) return null;
  const [users, photos] = await Promise.all([
    db.user.findMany({ where: { id: { in: sub.fields.map((f) => f.proposerId).filter((x): x is string => !!x) } }, select: { id: true, displayName: true } }),
    db.censusPhoto.findMany({ where: { id: { in: [sub.frontPhotoId, sub.backPhotoId].filter((x): x is string => !!x) } }, select: { id: true, contentType: true, removedAt: true } }),
  ]);
  const names = new Map(users.map((u) => [u.id, u.displayName]));
  const photo = (id: string | null) => photoUrl(photos.find((p) => p.id === id) ?? null);
  const byName = new Map(sub.fields.map((f) => [f.name, f]));
  return {
    submissionId: sub.id,
    status: sub.status === "verified" ? "verified" : "open",
    correction: !!sub.correctsCardId,
    front: photo(sub.frontPhotoId),
    back: photo(sub.backPhotoId),
    fields: CENSUS_FIELDS.filter((n) => byName.has(n)).map((n: CensusFieldName) => {
      const f = byName.get(n)!;
      return {
        label: FIELD_LABELS[n],
        state: f.state as FieldState,
        proposedBy: f.proposerId ? (names.get(f.proposerId) ?? FORMER_MEMBER) : FORMER_MEMBER,
        photo: f.photo === "back" ? "back" : "front",
        confirmations: Math.min(CONFIRMATIONS_NEEDED, new Set(f.votes.filter((v) => v.kind === "confirm" && v.userId !== f.proposerId).map((v) => v.userId)).size),
        verifiedByAdmin: f.verifiedByAdmin,
      };
    }),
  };
}

/**
 * The census evidence of a printing for its (cached, public) card page: each
 * field's verification state, proposer and photo. Cached under the printing's
 * tag, which every census write of that printing invalidates. Null when the
 * census has no submission of it.
 */
export async function cardEvidence(setCode: string, number: number): Promise<CardEvidenceDTO | null> {
  const set = setCode.toUpperCase();
  return unstable_cache(() => evidenceFor(set, number), ["census-evidence", set, String(number)], { tags: [cardKeyTag(set, number)], revalidate: 60 })();
}

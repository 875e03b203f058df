import "server-only";
import { db } from "@/lib/server/db/db";
import { cardInclude, toCardDTO } from "@/lib/catalog/data";
import type { CardDTO } from "@/lib/catalog/card-types";

/**
 * What changes whenever the catalog does: card, trait and audit counts, the
 * latest card edit and audit, and the sets' names. Every write to the catalog
 * (the admin form, imports, seeding, deletions) moves at least one of them;
 * the bulk file is rebuilt when this changes. Public: it says nothing a guest
 * could not count from /cards.
 */
export type CatalogFingerprint = { key: string; updatedAt: Date };

export async function catalogFingerprint(): Promise<CatalogFingerprint> {
  const [cards, traits, audits, sets] = await Promise.all([
    db.card.aggregate({ _count: { _all: true }, _max: { updatedAt: true } }),
    db.cardTrait.count(),
    db.cardAudit.aggregate({ _count: { _all: true }, _max: { createdAt: true } }),
    db.cardSet.findMany({ select: { code: true, name: true, unofficial: true }, orderBy: { code: "asc" } }),
  ]);
  const latest = Math.max(cards._max.updatedAt?.getTime() ?? 0, audits._max.createdAt?.getTime() ?? 0);
  const setsKey = sets.map((s) => `${s.code}:${s.name}:${s.unofficial ? 1 : 0}`).join("|");
  return { key: [cards._count._all, traits, audits._count._all, latest, setsKey].join("/"), updatedAt: new Date(latest) };
}

/** Public: every card of the catalog, in set and number order (the bulk download). */
export async function allCatalogCards(): Promise<CardDTO[]> {
  const rows = await db.card.findMany({ include: cardInclude, orderBy: [{ set: { code: "asc" } }, { number: "asc" }] });
  return rows.map(toCardDTO);
}

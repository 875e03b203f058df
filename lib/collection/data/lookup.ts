import "server-only";
import { db } from "@/lib/server/db/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { requireActor, type Actor } from "@/lib/server/actor";
import { titleKeyContains } from "@/lib/server/db/literal-match";
import { cardKey, titleKey } from "@/lib/catalog/keys";
import { colorsFromMask } from "@/lib/catalog/colors";
import type { LookupCardDTO } from "@/lib/collection/types";

/** Fast card lookup for booster entry. */


const LOOKUP_LIMIT = 8;

/** The set code new numbers default to in booster entry: the set with the most cards (DEMO in the shipped catalog). */
export async function defaultSetCode(actor: Actor): Promise<string> {
  requireActor(actor);
  const sets = await db.cardSet.findMany({ select: { code: true, _count: { select: { cards: true } } } });
  sets.sort((a, b) => b._count.cards - a._count.cards || a.code.localeCompare(b.code));
  return sets[0]?.code ?? "DEMO";
}

/**
 * Finds cards for fast entry by number ("7", "007", "DEMO-7", "demo 007") or a
 * title fragment ("knu"); exact number matches first. Signed-in users only
 * (the answer carries their owned counts).
 */
export async function lookupCards(actor: Actor, term: string): Promise<LookupCardDTO[]> {
  const user = requireActor(actor);
  const q = term.trim().slice(0, 60);
  if (!q) return [];
  const numbered = /^()#?(\d{1,5})$/.exec(q) ?? /^([a-z0-9][a-z0-9-]{0,11}?)[\s-]+#?(\d{1,5})$/i.exec(q);
  const conditions: Prisma.CardWhereInput[] = [await titleKeyContains(titleKey(q))];
  if (numbered) {
    const n = Number(numbered[2]);
    const setCode = numbered[1] ? numbered[1].toUpperCase() : undefined;
    conditions.push(setCode ? { number: n, set: { code: setCode } } : { number: n });
  }
  const rows = await db.card.findMany({
    where: { OR: conditions },
    include: { set: { select: { code: true } }, collection: { where: { userId: user.id }, select: { quantity: true } } },
    orderBy: [{ set: { code: "asc" } }, { number: "asc" }],
    take: 50,
  });
  const exactNumber = numbered ? Number(numbered[2]) : null;
  const ql = titleKey(q);
  const rank = (r: (typeof rows)[number]) => (r.number === exactNumber ? 0 : r.titleKey.startsWith(ql) ? 1 : 2);
  return rows
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, LOOKUP_LIMIT)
    .map((r) => ({
      id: r.id,
      key: cardKey(r.set.code, r.number),
      set: r.set.code,
      number: r.number,
      title: r.title,
      colors: colorsFromMask(r.colorMask),
      rarity: r.rarity,
      owned: r.collection[0]?.quantity ?? 0,
    }));
}

/** Most cards the offline lookup index carries (far above any set list; the answer stays a few hundred KB). */
const INDEX_LIMIT = 20_000;

/**
 * Every card booster entry can look up, with the signed-in user's counts: the
 * index a device keeps to enter packs with no connection (components/collection/offline-lookup.ts
 * searches it the way lookupCards does).
 */
export async function lookupIndex(actor: Actor): Promise<LookupCardDTO[]> {
  const user = requireActor(actor);
  const rows = await db.card.findMany({
    select: {
      id: true,
      number: true,
      title: true,
      colorMask: true,
      rarity: true,
      set: { select: { code: true } },
      collection: { where: { userId: user.id }, select: { quantity: true } },
    },
    orderBy: [{ set: { code: "asc" } }, { number: "asc" }],
    take: INDEX_LIMIT,
  });
  return rows.map((r) => ({
    id: r.id,
    key: cardKey(r.set.code, r.number),
    set: r.set.code,
    number: r.number,
    title: r.title,
    colors: colorsFromMask(r.colorMask),
    rarity: r.rarity,
    owned: r.collection[0]?.quantity ?? 0,
  }));
}

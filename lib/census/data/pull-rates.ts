import "server-only";
import { db } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import { invalidate } from "@/lib/server/cache/invalidate";
import { userTag } from "@/lib/server/cache/tags";
import { MIN_CONTRIBUTORS, pullRates, type PackFact } from "@/lib/census/pull-rates";
import type { PullRatesDTO } from "@/lib/census/types";

/** The most packs one figure reads (the newest first); documented in docs/census.md. */
const MAX_PACKS = 20_000;

/** Whether the signed-in user lets their logged packs count towards the pull-rate figures (off unless they opt in). */
export async function getPullRateOptIn(actor: Actor): Promise<boolean> {
  const me = requireActor(actor);
  return !!(await db.pullRateOptIn.findUnique({ where: { userId: me.id }, select: { userId: true } }));
}

/** The signed-in user opts in or out; opting out removes every one of their packs from the figures at once. */
export async function setPullRateOptIn(actor: Actor, optIn: boolean): Promise<{ ok: true; optIn: boolean }> {
  const me = requireActor(actor);
  if (optIn) await db.pullRateOptIn.upsert({ where: { userId: me.id }, create: { userId: me.id }, update: {} });
  else await db.pullRateOptIn.deleteMany({ where: { userId: me.id } });
  await invalidate([userTag(me.id)]);
  return { ok: true, optIn };
}

/**
 * Public: the anonymous pull-rate figures of a set from the logged booster
 * packs (not undone) of the people who opted in, counting each pack that holds
 * a card of the set. No figure below MIN_CONTRIBUTORS contributors; no user is
 * ever named.
 */
export async function setPullRates(setCode: string): Promise<PullRatesDTO> {
  const code = setCode.toUpperCase();
  const rows = await db.packOpening.findMany({
    where: { undoneAt: null, userId: { in: (await db.pullRateOptIn.findMany({ select: { userId: true } })).map((o) => o.userId) }, cards: { some: { card: { set: { code } } } } },
    select: { userId: true, cards: { select: { quantity: true, card: { select: { rarity: true } } } } },
    orderBy: { createdAt: "desc" },
    take: MAX_PACKS,
  });
  const packs: PackFact[] = rows.map((p) => ({ userId: p.userId, cards: p.cards.map((c) => ({ rarity: c.card.rarity, quantity: c.quantity })) }));
  const r = pullRates(packs);
  if (r.packs === null) return { shown: false, contributors: r.contributors, minimum: MIN_CONTRIBUTORS };
  return { shown: true, contributors: r.contributors, minimum: MIN_CONTRIBUTORS, packs: r.packs, cardsPerPack: r.cardsPerPack, figures: r.figures };
}

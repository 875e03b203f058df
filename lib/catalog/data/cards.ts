import "server-only";
import { shownImageUrl } from "@/lib/server/security-headers";
import { db } from "@/lib/server/db/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { colorsFromMask } from "@/lib/catalog/colors";
import { cardKey } from "@/lib/catalog/keys";
import type { CardDTO } from "@/lib/catalog/card-types";

/** The include every card query uses so cards map to CardDTO. */
export const cardInclude = { set: true, traits: true } satisfies Prisma.CardInclude;
type CardRow = Prisma.CardGetPayload<{ include: typeof cardInclude }>;

/** Maps a card row to the DTO pages and components use. */
export function toCardDTO(row: CardRow): CardDTO {
  return {
    id: row.id,
    set: row.set.code,
    setName: row.set.name,
    unofficial: row.set.unofficial,
    number: row.number,
    key: cardKey(row.set.code, row.number),
    title: row.title,
    traits: row.traits.map((t) => t.trait),
    colors: colorsFromMask(row.colorMask),
    rings: row.rings,
    rarity: row.rarity,
    text: row.text,
    effect: row.effect ? (JSON.parse(row.effect) as unknown) : null,
    imageUrl: shownImageUrl(row.imageUrl),
  };
}

/** Public: the catalog in set/number order. Guests may read it. */
export async function listCards(opts: { take?: number; skip?: number } = {}): Promise<{ cards: CardDTO[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.card.findMany({ include: cardInclude, orderBy: [{ set: { code: "asc" } }, { number: "asc" }], take: opts.take ?? 60, skip: opts.skip ?? 0 }),
    db.card.count(),
  ]);
  return { cards: rows.map(toCardDTO), total };
}

/**
 * Public: whether the database answers (the health check). One trivial
 * statement: load balancers poll it every few seconds, on every instance, so
 * it must not grow with the catalog (counting 30,000 cards cost more than the
 * rest of the request).
 */
export async function databaseAnswers(): Promise<true> {
  await db.$queryRaw`SELECT 1`;
  return true;
}

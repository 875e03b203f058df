import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { cardInclude, toCardDTO } from "@/lib/dal/cards";
import { cardOrderBy, cardWhereFromQuery, normaliseSearchParams, type SortDir, type SortKey } from "@/lib/dal/card-search";
import { requireUser } from "@/lib/dal/session";
import type { QueryError } from "@/lib/search";
import type { CardDTO } from "@/lib/cards/types";
import { PLAYSET, type OwnershipFilter } from "@/lib/validation/collection";

/** The collection page: the catalog with the current user's owned quantities, filtered and searched. */

export type OwnedCardDTO = CardDTO & { quantity: number };

function ownershipWhere(userId: string, filter: OwnershipFilter): Prisma.CardWhereInput {
  switch (filter) {
    case "owned":
      return { collection: { some: { userId, quantity: { gt: 0 } } } };
    case "missing":
      return { collection: { none: { userId, quantity: { gt: 0 } } } };
    case "duplicates":
      return { collection: { some: { userId, quantity: { gt: PLAYSET } } } };
    default:
      return {};
  }
}

export type CollectionSummary = { distinctOwned: number; copies: number; catalog: number; tradeable: number };

export type CollectionPage =
  | {
      ok: true;
      cards: OwnedCardDTO[];
      /** cards matching the filter and query */
      total: number;
      page: number;
      pageSize: number;
      sort: SortKey;
      dir: SortDir;
      /** counts over the whole collection (not the filter): distinct cards owned, copies owned, catalog size, tradeable extras */
      summary: CollectionSummary;
    }
  | { ok: false; error: QueryError; summary: CollectionSummary };

const COLLECTION_PAGE_SIZE = 120;

async function collectionSummary(userId: string): Promise<CollectionSummary> {
  const [agg, catalog, distinctOwned, tradeable] = await Promise.all([
    db.collectionEntry.aggregate({ where: { userId }, _sum: { quantity: true } }),
    db.card.count(),
    db.collectionEntry.count({ where: { userId, quantity: { gt: 0 } } }),
    db.collectionEntry.aggregate({ where: { userId, quantity: { gt: PLAYSET } }, _sum: { quantity: true }, _count: true }),
  ]);
  return { distinctOwned, copies: agg._sum.quantity ?? 0, catalog, tradeable: (tradeable._sum.quantity ?? 0) - PLAYSET * tradeable._count };
}

/**
 * The current user's view of the catalog with owned quantities: the catalog's
 * search language (`q`, via lib/dal/card-search) ANDed with an ownership
 * filter (owned / missing / duplicates beyond a playset).
 */
export async function listCollection(
  opts: { filter?: OwnershipFilter; q?: string; sort?: string; dir?: string; page?: number | string } = {},
): Promise<CollectionPage> {
  const user = await requireUser();
  const filter = opts.filter ?? "all";
  const { q, sort, dir, page, pageSize } = normaliseSearchParams({ q: opts.q, sort: opts.sort, dir: opts.dir, page: opts.page, pageSize: COLLECTION_PAGE_SIZE });
  const built = cardWhereFromQuery(q);
  if (!built.ok) return { ok: false, error: built.error, summary: await collectionSummary(user.id) };
  const where: Prisma.CardWhereInput = { AND: [ownershipWhere(user.id, filter), built.where] };
  const [rows, total, summary] = await Promise.all([
    db.card.findMany({
      where,
      include: { ...cardInclude, collection: { where: { userId: user.id }, select: { quantity: true } } },
      orderBy: cardOrderBy(sort, dir),
      take: pageSize,
      skip: (page - 1) * pageSize,
    }),
    db.card.count({ where }),
    collectionSummary(user.id),
  ]);
  return {
    ok: true,
    cards: rows.map((r) => ({ ...toCardDTO(r), quantity: r.collection[0]?.quantity ?? 0 })),
    total,
    page,
    pageSize,
    sort,
    dir,
    summary,
  };
}

/** Quantities the current user owns of the given cards (0 for cards not owned). */
export async function ownedQuantities(cardIds: string[]): Promise<Record<string, number>> {
  const user = await requireUser();
  const rows = await db.collectionEntry.findMany({ where: { userId: user.id, cardId: { in: cardIds } }, select: { cardId: true, quantity: true } });
  const out: Record<string, number> = Object.fromEntries(cardIds.map((id) => [id, 0]));
  for (const r of rows) out[r.cardId] = r.quantity;
  return out;
}

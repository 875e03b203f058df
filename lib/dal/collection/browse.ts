import "server-only";
import { db } from "@/lib/db";
import { searchOwnedCards, type OwnedCardDTO, type SortDir, type SortKey } from "@/lib/dal/card-search";
import { requireUser } from "@/lib/dal/session";
import type { QueryError } from "@/lib/search";
import { PLAYSET, type OwnershipFilter } from "@/lib/validation/collection";

/** The collection page: the catalog with the current user's owned quantities, filtered and searched. */

export type { OwnedCardDTO };

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
 * search language (`q`) ANDed with an ownership filter (owned / missing /
 * duplicates beyond a playset), through the one card search path
 * (lib/dal/card-search searchOwnedCards).
 */
export async function listCollection(
  opts: { filter?: OwnershipFilter; q?: string; sort?: string; dir?: string; page?: number | string } = {},
): Promise<CollectionPage> {
  const user = await requireUser();
  const [result, summary] = await Promise.all([
    searchOwnedCards({ q: opts.q, sort: opts.sort, dir: opts.dir, page: opts.page, pageSize: COLLECTION_PAGE_SIZE, ownership: opts.filter ?? "all" }),
    collectionSummary(user.id),
  ]);
  return { ...result, summary };
}

/** Quantities the current user owns of the given cards (0 for cards not owned). */
export async function ownedQuantities(cardIds: string[]): Promise<Record<string, number>> {
  const user = await requireUser();
  const rows = await db.collectionEntry.findMany({ where: { userId: user.id, cardId: { in: cardIds } }, select: { cardId: true, quantity: true } });
  const out: Record<string, number> = Object.fromEntries(cardIds.map((id) => [id, 0]));
  for (const r of rows) out[r.cardId] = r.quantity;
  return out;
}

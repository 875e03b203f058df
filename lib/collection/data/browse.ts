import "server-only";
import { db } from "@/lib/server/db/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { searchOwnedCards, type OwnedCardDTO, type SortDir, type SortKey } from "@/lib/catalog/data";
import { requireActor, type Actor } from "@/lib/server/actor";
import type { QueryError } from "@/lib/catalog/search";
import { PLAYSET, type OwnershipFilter } from "@/lib/collection/schemas";

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

/** Cards per page: the catalog's page size (lib/catalog/data/card-search DEFAULT_PAGE_SIZE). */
const COLLECTION_PAGE_SIZE = 60;

/**
 * The user's totals in one query over their own entries; the catalog size is
 * counted too unless the caller already has it (the unfiltered view's total).
 */
async function collectionSummary(userId: string, catalogSize: number | null): Promise<CollectionSummary> {
  const catalog = catalogSize === null ? Prisma.sql`(SELECT count(*) FROM "Card")` : Prisma.sql`NULL`;
  const [row] = await db.$queryRaw<{ distinctOwned: number | bigint; copies: number | bigint | null; tradeable: number | bigint | null; catalog: number | bigint | null }[]>`
    SELECT count(CASE WHEN ce."quantity" > 0 THEN 1 END) AS "distinctOwned",
           sum(ce."quantity") AS "copies",
           sum(CASE WHEN ce."quantity" > ${PLAYSET} THEN ce."quantity" - ${PLAYSET} ELSE 0 END) AS "tradeable",
           ${catalog} AS "catalog"
    FROM "CollectionEntry" ce
    WHERE ce."userId" = ${userId}`;
  return { distinctOwned: Number(row.distinctOwned), copies: Number(row.copies ?? 0), catalog: catalogSize ?? Number(row.catalog), tradeable: Number(row.tradeable ?? 0) };
}

/**
 * The current user's view of the catalog with owned quantities: the catalog's
 * search language (`q`) ANDed with an ownership filter (owned / missing /
 * duplicates beyond a playset), through the one card search path
 * (lib/catalog/data/card-search searchOwnedCards), a page of COLLECTION_PAGE_SIZE cards.
 */
export async function listCollection(
  actor: Actor,
  opts: { filter?: OwnershipFilter; q?: string; sort?: string; dir?: string; page?: number | string } = {},
): Promise<CollectionPage> {
  const user = requireActor(actor);
  const filter = opts.filter ?? "all";
  const search = searchOwnedCards(user, { q: opts.q, sort: opts.sort, dir: opts.dir, page: opts.page, pageSize: COLLECTION_PAGE_SIZE, ownership: filter });
  // unfiltered and without a query, the search counts the whole catalog: its total is the catalog size
  if (filter === "all" && !opts.q?.trim()) {
    const result = await search;
    if (result.ok) return { ...result, summary: await collectionSummary(user.id, result.total) };
  }
  const [result, summary] = await Promise.all([search, collectionSummary(user.id, null)]);
  return { ...result, summary };
}

/** Quantities the current user owns of the given cards (0 for cards not owned). */
export async function ownedQuantities(actor: Actor, cardIds: string[]): Promise<Record<string, number>> {
  const user = requireActor(actor);
  const rows = await db.collectionEntry.findMany({ where: { userId: user.id, cardId: { in: cardIds } }, select: { cardId: true, quantity: true } });
  const out: Record<string, number> = Object.fromEntries(cardIds.map((id) => [id, 0]));
  for (const r of rows) out[r.cardId] = r.quantity;
  return out;
}

import "server-only";
import { shownImageUrl } from "@/lib/server/security-headers";
import { db, dbDialect } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import { colorsFromMask } from "@/lib/catalog/colors";
import { cardKey } from "@/lib/catalog/keys";
import type { CardDTO } from "@/lib/catalog/card-types";
import type { QueryError, QueryNode } from "@/lib/catalog/search";
import { PLAYSET, type OwnershipFilter } from "@/lib/collection/schemas";
import { conditionSql, joinSql, orderSql, sql, SORT_KEYS, usesSet, type SortDir, type SortKey, type Sql, type SqlDialect } from "./sql";
import { concurrencyGate } from "@/lib/server/concurrency-gate";

/** The shared core of every card search: parameters, and the count / ids / cards queries. Callers check the session. */

export const DEFAULT_PAGE_SIZE = 60;
export const MAX_PAGE_SIZE = 200;
/** Pages past this one are clamped to it (a bounded OFFSET; no catalog has that many cards). */
export const MAX_PAGE = 10_000;

export type SearchCardsInput = { q?: string; sort?: string; dir?: string; page?: number | string; pageSize?: number | string };
export type SearchCardsResult =
  | { ok: true; cards: CardDTO[]; total: number; page: number; pageSize: number; sort: SortKey; dir: SortDir }
  | { ok: false; error: QueryError };

/** A card with the signed-in user's copies of it. */
export type OwnedCardDTO = CardDTO & { quantity: number };
export type SearchOwnedCardsResult =
  | { ok: true; cards: OwnedCardDTO[]; total: number; page: number; pageSize: number; sort: SortKey; dir: SortDir }
  | { ok: false; error: QueryError };

/**
 * Normalizes page/sort parameters from a URL: anything invalid falls back to
 * the default, and numbers are bounded (page 1..MAX_PAGE, size 1..MAX_PAGE_SIZE).
 * The query itself is passed through whole; the parser enforces its limits.
 */
export function normalizeSearchParams(input: SearchCardsInput): { q: string; sort: SortKey; dir: SortDir; page: number; pageSize: number } {
  const sort = (SORT_KEYS as readonly string[]).includes(input.sort ?? "") ? (input.sort as SortKey) : "number";
  const dir: SortDir = input.dir === "desc" ? "desc" : "asc";
  const pageNum = Math.floor(Number(input.page ?? 1));
  const page = Number.isFinite(pageNum) && pageNum >= 1 ? Math.min(pageNum, MAX_PAGE) : 1;
  const sizeNum = Math.floor(Number(input.pageSize ?? DEFAULT_PAGE_SIZE));
  const pageSize = Number.isFinite(sizeNum) && sizeNum >= 1 ? Math.min(sizeNum, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  return { q: typeof input.q === "string" ? input.q : "", sort, dir, page, pageSize };
}

/** Whose collection a search reads, and which of its cards it keeps. */
/** The collection to search as: always the session user's (read here, never passed in). */
type Owner = { ownership: OwnershipFilter };

function ownershipSql(ownership: OwnershipFilter): Sql {
  switch (ownership) {
    case "owned":
      return sql`ce."quantity" > 0`;
    case "missing":
      return sql`(ce."quantity" IS NULL OR ce."quantity" <= 0)`;
    case "duplicates":
      return sql`ce."quantity" > ${PLAYSET}`;
    case "all":
      return sql`1=1`;
  }
}

type CardSqlRow = {
  id: string;
  number: number | bigint;
  title: string;
  colorMask: number | bigint;
  rings: number | bigint;
  rarity: string;
  text: string;
  effect: string | null;
  imageUrl: string | null;
  setCode: string;
  setName: string;
  unofficial: boolean | number | bigint;
  quantity: number | bigint | null;
};

const NOTHING = sql``;

/**
 * One search: count the matches, pick the page's card ids, then read those
 * cards (and their traits). The id query carries only sort keys; in set and
 * number order a broad match walks the (set, number) index from the start and
 * stops after the page (forced with CROSS JOIN, which SQLite takes as the
 * join order and PostgreSQL plans freely), while a narrow one reads its
 * matches through their own index and sorts them — whichever touches fewer
 * rows, estimated from the count.
 */
/**
 * Searches run a few at a time per instance (SEARCH_CONCURRENCY, default 4);
 * up to 256 more wait in line, and beyond that one is refused with 503 and
 * Retry-After, so a burst of distinct uncached queries queues instead of
 * starving /api/health and every other request of the database.
 */
const searchGate = concurrencyGate({ running: Math.min(64, Math.max(1, Number(process.env.SEARCH_CONCURRENCY) || 4)), waiting: 256, what: "Searches", retryAfterSeconds: 5 });

/** A search as `actor`: a search with an `owner` filter reads that actor's collection and needs one (AuthError for a guest). */
export function runSearch(actor: Actor | null, opts: Parameters<typeof runSearchNow>[1]): ReturnType<typeof runSearchNow> {
  return searchGate.run(() => runSearchNow(actor, opts));
}

async function runSearchNow(actor: Actor | null, opts: {
  ast: QueryNode | null;
  sort: SortKey;
  dir: SortDir;
  page: number;
  pageSize: number;
  owner: Owner | null;
}): Promise<{ cards: CardDTO[]; quantities: number[]; total: number }> {
  const dialect: SqlDialect = dbDialect();
  const { ast, owner, pageSize, sort, dir } = opts;
  const userId = owner ? requireActor(actor).id : null;
  const offset = (opts.page - 1) * pageSize;
  const filtered = owner !== null && owner.ownership !== "all";
  const where = sql`${conditionSql(ast, dialect)}${filtered ? sql` AND ${ownershipSql(owner.ownership)}` : NOTHING}`;
  const collection = owner ? sql`LEFT JOIN "CollectionEntry" ce ON ce."cardId" = c."id" AND ce."userId" = ${userId}` : NOTHING;
  const filterJoin = filtered ? collection : NOTHING;

  const total = await countRows(sql`FROM "Card" c ${usesSet(ast) ? sql`JOIN "CardSet" s ON s."id" = c."setId"` : NOTHING} ${filterJoin} WHERE ${where}`);
  if (total === 0 || offset >= total) return { cards: [], quantities: [], total };

  const catalogSize = sort === "number" ? (ast === null && !filtered ? total : await catalogSizeHint()) : 0;
  const walkInOrder = sort === "number" && (offset + pageSize) * catalogSize <= total * total;
  const from = walkInOrder ? sql`FROM "CardSet" s CROSS JOIN "Card" c ${filterJoin} WHERE c."setId" = s."id" AND` : sql`FROM "Card" c JOIN "CardSet" s ON s."id" = c."setId" ${filterJoin} WHERE`;
  const ids = (
    await db.$queryRaw<{ id: string }[]>(sql`SELECT c."id" ${from} ${where} ORDER BY ${orderSql(sort, dir, dialect)} LIMIT ${pageSize} OFFSET ${offset}`)
  ).map((r) => r.id);
  if (ids.length === 0) return { cards: [], quantities: [], total };

  const [rows, traits] = await Promise.all([
    db.$queryRaw<CardSqlRow[]>(sql`
      SELECT c."id", c."number", c."title", c."colorMask", c."rings", c."rarity", c."text", c."effect", c."imageUrl",
             s."code" AS "setCode", s."name" AS "setName", s."unofficial" AS "unofficial", ${owner ? sql`ce."quantity"` : sql`NULL`} AS "quantity"
      FROM "Card" c JOIN "CardSet" s ON s."id" = c."setId" ${collection}
      WHERE c."id" IN (${joinSql(ids)})`),
    traitsOf(ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.map((id) => byId.get(id)).filter((r): r is CardSqlRow => r !== undefined);
  const cards = ordered.map((r): CardDTO => {
    const number = Number(r.number);
    return {
      id: r.id,
      set: r.setCode,
      setName: r.setName,
      unofficial: Boolean(Number(r.unofficial)),
      number,
      key: cardKey(r.setCode, number),
      title: r.title,
      traits: traits.get(r.id) ?? [],
      colors: colorsFromMask(Number(r.colorMask)),
      rings: Number(r.rings),
      rarity: r.rarity,
      text: r.text,
      effect: r.effect ? (JSON.parse(r.effect) as unknown) : null,
      imageUrl: shownImageUrl(r.imageUrl),
    };
  });
  return { cards, quantities: ordered.map((r) => (r.quantity === null ? 0 : Number(r.quantity))), total };
}

/** How long the catalog size used for planning is reused (it only picks a plan; results never depend on it). */
const CATALOG_SIZE_TTL_MS = 60_000;
let sizeCache: { n: number; at: number; client: unknown } | null = null;

/** The number of cards in the catalog, counted at most once a minute per process (a count is not free on PostgreSQL). */
async function catalogSizeHint(): Promise<number> {
  const now = Date.now();
  if (sizeCache && sizeCache.client === db && now - sizeCache.at < CATALOG_SIZE_TTL_MS) return sizeCache.n;
  const n = await countRows(sql`FROM "Card" c`);
  sizeCache = { n, at: now, client: db };
  return n;
}

async function countRows(from: Sql): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number | bigint }[]>(sql`SELECT count(*) AS "n" ${from}`);
  return Number(row.n);
}

/** The traits of the given cards as printed, in traitKey order. */
async function traitsOf(cardIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (cardIds.length === 0) return out;
  const rows = await db.$queryRaw<{ cardId: string; trait: string; traitKey: string }[]>(
    sql`SELECT t."cardId", t."trait", t."traitKey" FROM "CardTrait" t WHERE t."cardId" IN (${joinSql(cardIds)})`,
  );
  rows.sort((a, b) => (a.traitKey < b.traitKey ? -1 : a.traitKey > b.traitKey ? 1 : 0));
  for (const r of rows) {
    const list = out.get(r.cardId);
    if (list) list.push(r.trait);
    else out.set(r.cardId, [r.trait]);
  }
  return out;
}

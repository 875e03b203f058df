import "server-only";
import { shownImageUrl } from "@/lib/security-headers";
import { db, dbDialect } from "@/lib/db";
import { colorsFromMask } from "@/lib/cards/colors";
import { cardKey } from "@/lib/cards/keys";
import type { CardDTO } from "@/lib/cards/types";
import { requireUser } from "@/lib/dal/session";
import { parseQuery, type QueryError, type QueryNode } from "@/lib/search";
import { PLAYSET, type OwnershipFilter } from "@/lib/validation/collection";
import { conditionSql, joinSql, orderSql, sql, SORT_KEYS, usesSet, type SortDir, type SortKey, type Sql, type SqlDialect } from "./sql";

/**
 * Card search: the one path from a query in the card query language to a page
 * of cards, for the catalog (/cards, admin), the signed-in user's collection
 * and the deck editor. The query is parsed once (lib/search), translated by
 * one SQL builder for SQLite and PostgreSQL (./sql.ts), and run as one count
 * and one page query, plus a small query for the page's traits.
 */

export { SORT_KEYS, type SortDir, type SortKey } from "./sql";

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
 * Normalises page/sort parameters from a URL: anything invalid falls back to
 * the default, and numbers are bounded (page 1..MAX_PAGE, size 1..MAX_PAGE_SIZE).
 * The query itself is passed through whole; the parser enforces its limits.
 */
export function normaliseSearchParams(input: SearchCardsInput): { q: string; sort: SortKey; dir: SortDir; page: number; pageSize: number } {
  const sort = (SORT_KEYS as readonly string[]).includes(input.sort ?? "") ? (input.sort as SortKey) : "number";
  const dir: SortDir = input.dir === "desc" ? "desc" : "asc";
  const pageNum = Math.floor(Number(input.page ?? 1));
  const page = Number.isFinite(pageNum) && pageNum >= 1 ? Math.min(pageNum, MAX_PAGE) : 1;
  const sizeNum = Math.floor(Number(input.pageSize ?? DEFAULT_PAGE_SIZE));
  const pageSize = Number.isFinite(sizeNum) && sizeNum >= 1 ? Math.min(sizeNum, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  return { q: typeof input.q === "string" ? input.q : "", sort, dir, page, pageSize };
}

/**
 * Public: searches the catalog with the card query language. Guests may read
 * the catalog. A bad query returns the parser's error (code, position, expected).
 */
export async function searchCards(input: SearchCardsInput): Promise<SearchCardsResult> {
  const { q, sort, dir, page, pageSize } = normaliseSearchParams(input);
  const parsed = parseQuery(q);
  if (!parsed.ok) return parsed;
  const { cards, total } = await runSearch({ ast: parsed.ast, sort, dir, page, pageSize, owner: null });
  return { ok: true, cards, total, page, pageSize, sort, dir };
}

/**
 * Signed-in: the catalog searched as the current user's collection — every
 * card carries the user's quantity, and `ownership` keeps only cards owned,
 * missing, or owned beyond a playset ("all" keeps every card). The owner is
 * read from the session, never from the caller. Used by the collection page
 * and the deck editor.
 */
export async function searchOwnedCards(input: SearchCardsInput & { ownership?: OwnershipFilter }): Promise<SearchOwnedCardsResult> {
  const user = await requireUser();
  const { q, sort, dir, page, pageSize } = normaliseSearchParams(input);
  const parsed = parseQuery(q);
  if (!parsed.ok) return parsed;
  const { cards, quantities, total } = await runSearch({ ast: parsed.ast, sort, dir, page, pageSize, owner: { userId: user.id, ownership: input.ownership ?? "all" } });
  return { ok: true, cards: cards.map((card, i) => ({ ...card, quantity: quantities[i] })), total, page, pageSize, sort, dir };
}

/** Public: the traits and set codes the filter controls offer. */
export async function catalogFacets(): Promise<{ traits: string[]; sets: string[] }> {
  const [traits, sets] = await Promise.all([
    db.cardTrait.findMany({ distinct: ["traitKey"], select: { trait: true }, orderBy: { traitKey: "asc" } }),
    db.cardSet.findMany({ select: { code: true }, orderBy: { code: "asc" } }),
  ]);
  return { traits: traits.map((t) => t.trait), sets: sets.map((s) => s.code) };
}

// ---- the shared query ----

type Owner = { userId: string; ownership: OwnershipFilter };

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

async function runSearch(opts: {
  ast: QueryNode | null;
  sort: SortKey;
  dir: SortDir;
  page: number;
  pageSize: number;
  owner: Owner | null;
}): Promise<{ cards: CardDTO[]; quantities: number[]; total: number }> {
  const dialect: SqlDialect = dbDialect();
  const { ast, owner, pageSize } = opts;
  const where = owner ? sql`${conditionSql(ast, dialect)} AND ${ownershipSql(owner.ownership)}` : conditionSql(ast, dialect);
  const collection = owner ? sql`LEFT JOIN "CollectionEntry" ce ON ce."cardId" = c."id" AND ce."userId" = ${owner.userId}` : sql``;
  const quantity = owner ? sql`ce."quantity"` : sql`NULL`;
  const rows = await db.$queryRaw<CardSqlRow[]>(sql`
    SELECT c."id", c."number", c."title", c."colorMask", c."rings", c."rarity", c."text", c."effect", c."imageUrl",
           s."code" AS "setCode", s."name" AS "setName", s."unofficial" AS "unofficial", ${quantity} AS "quantity"
    FROM "Card" c JOIN "CardSet" s ON s."id" = c."setId" ${collection}
    WHERE ${where}
    ORDER BY ${orderSql(opts.sort, opts.dir, dialect)}
    LIMIT ${pageSize} OFFSET ${(opts.page - 1) * pageSize}`);
  // A short first page is the whole result: no separate count needed.
  const total =
    opts.page === 1 && rows.length < pageSize
      ? rows.length
      : await countCards(sql`FROM "Card" c ${usesSet(ast) ? sql`JOIN "CardSet" s ON s."id" = c."setId"` : sql``} ${owner && owner.ownership !== "all" ? collection : sql``} WHERE ${where}`);
  const traits = await traitsOf(rows.map((r) => r.id));
  const cards = rows.map((r): CardDTO => {
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
  return { cards, quantities: rows.map((r) => (r.quantity === null ? 0 : Number(r.quantity))), total };
}

async function countCards(from: Sql): Promise<number> {
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

import "server-only";
import { db } from "@/lib/db";
import { Prisma as P } from "@/lib/generated/prisma/client";
import { colorsFromMask } from "@/lib/cards/colors";
import { cardKey } from "@/lib/cards/keys";
import type { Prisma } from "@/lib/generated/prisma/client";
import { titleKey } from "@/lib/cards/keys";
import { RARITIES } from "@/lib/cards/rarity";
import type { CardDTO } from "@/lib/cards/types";
import { parseQuery, type NumberTest, type QueryError, type QueryNode, type Term } from "@/lib/search";
import { compare, masksFor } from "@/lib/search/masks";

export const SORT_KEYS = ["number", "title", "rings", "color"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = "asc" | "desc";

export const DEFAULT_PAGE_SIZE = 60;
export const MAX_PAGE_SIZE = 200;

function numberWhere(test: NumberTest): Prisma.IntFilter {
  if (test.op === "..") return { gte: test.min, lte: test.max };
  switch (test.op) {
    case "=":
      return { equals: test.value };
    case "!=":
      return { not: test.value };
    case "<":
      return { lt: test.value };
    case "<=":
      return { lte: test.value };
    case ">":
      return { gt: test.value };
    case ">=":
      return { gte: test.value };
  }
}

function termWhere(term: Term): Prisma.CardWhereInput {
  switch (term.field) {
    case "title":
      return { titleKey: { contains: titleKey(term.text) } };
    case "exact":
      return { titleKey: titleKey(term.text) };
    case "color":
      return { colorMask: { in: masksFor(term.op, term.mask) } };
    case "trait":
      return { traits: { some: { traitKey: term.text } } };
    case "rings":
      return { rings: numberWhere(term.test) };
    case "number":
      return { number: numberWhere(term.test) };
    case "rarity":
      return { rarity: { in: RARITIES.filter((_, rank) => compare(rank, term.op, term.rank)) } };
    case "set":
      return { set: { code: term.code } };
    case "text":
      // SQLite LIKE is case-insensitive for ASCII, matching the in-memory filter.
      return { text: { contains: term.text } };
    case "is":
      if (term.what === "multicolor") return { colorCount: { gt: 1 } };
      if (term.what === "automated") return { effect: { not: null } };
      return { effect: null };
  }
}

/** Translates a parsed query to a Prisma filter (same semantics as lib/search matchesCard). */
export function whereFromAst(node: QueryNode | null): Prisma.CardWhereInput {
  if (node === null) return {};
  switch (node.kind) {
    case "and":
      return { AND: node.children.map(whereFromAst) };
    case "or":
      return { OR: node.children.map(whereFromAst) };
    case "not":
      return { NOT: whereFromAst(node.child) };
    case "term":
      return termWhere(node.term);
  }
}

/**
 * The lower-level building block: a Prisma filter for a query string, so other
 * DAL modules (collection, deck editor) can AND it with their own conditions.
 */
export function cardWhereFromQuery(q: string): { ok: true; where: Prisma.CardWhereInput } | { ok: false; error: QueryError } {
  const parsed = parseQuery(q);
  if (!parsed.ok) return parsed;
  return { ok: true, where: whereFromAst(parsed.ast) };
}

/** Order-by clauses for a sort key; ties always break by set code then number. */
export function cardOrderBy(sort: SortKey = "number", dir: SortDir = "asc"): Prisma.CardOrderByWithRelationInput[] {
  const tail: Prisma.CardOrderByWithRelationInput[] = [{ set: { code: dir } }, { number: dir }];
  switch (sort) {
    case "title":
      return [{ titleKey: dir }, ...tail];
    case "rings":
      return [{ rings: dir }, ...tail];
    case "color":
      return [{ colorCount: dir }, { colorMask: dir }, ...tail];
    case "number":
      return tail;
  }
}

export type SearchCardsInput = { q?: string; sort?: string; dir?: string; page?: number | string; pageSize?: number | string };
export type SearchCardsResult =
  | { ok: true; cards: CardDTO[]; total: number; page: number; pageSize: number; sort: SortKey; dir: SortDir }
  | { ok: false; error: QueryError };

/** Normalises page/sort parameters from a URL (anything invalid falls back to the default). */
export function normaliseSearchParams(input: SearchCardsInput): { q: string; sort: SortKey; dir: SortDir; page: number; pageSize: number } {
  const sort = (SORT_KEYS as readonly string[]).includes(input.sort ?? "") ? (input.sort as SortKey) : "number";
  const dir: SortDir = input.dir === "desc" ? "desc" : "asc";
  const pageNum = Math.floor(Number(input.page ?? 1));
  const page = Number.isFinite(pageNum) && pageNum >= 1 ? pageNum : 1;
  const sizeNum = Math.floor(Number(input.pageSize ?? DEFAULT_PAGE_SIZE));
  const pageSize = Number.isFinite(sizeNum) && sizeNum >= 1 ? Math.min(sizeNum, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  return { q: (input.q ?? "").slice(0, 1000), sort, dir, page, pageSize };
}

/**
 * Public: searches the catalog with the card query language. Guests may read
 * the catalog. A bad query returns the parser's error (position + expected).
 */
export async function searchCards(input: SearchCardsInput): Promise<SearchCardsResult> {
  const { q, sort, dir, page, pageSize } = normaliseSearchParams(input);
  const parsed = parseQuery(q);
  if (!parsed.ok) return parsed;
  // One SQL statement per page (cards with their set and traits) instead of an
  // ORM query per relation: the hot path of every card list. Same semantics as
  // whereFromAst / matchesCard (the tests compare all three).
  const where = sqlFromAst(parsed.ast);
  const cards = await selectCards(where, sql`ORDER BY ${orderSql(sort, dir)} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
  // A short first page is the whole result: no separate count needed.
  const total = page === 1 && cards.length < pageSize ? cards.length : await countCards(where);
  return { ok: true, cards, total, page, pageSize, sort, dir };
}

/** Public: the traits and set codes the filter controls offer. */
export async function catalogFacets(): Promise<{ traits: string[]; sets: string[] }> {
  const [traits, sets] = await Promise.all([
    db.cardTrait.findMany({ distinct: ["traitKey"], select: { trait: true }, orderBy: { traitKey: "asc" } }),
    db.cardSet.findMany({ select: { code: true }, orderBy: { code: "asc" } }),
  ]);
  return { traits: traits.map((t) => t.trait), sets: sets.map((s) => s.code) };
}

// ---- SQL translation for searchCards (parameterised with Prisma.sql; never string-built from input) ----

const sql = P.sql;
const join = P.join;
type Sql = P.Sql;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function numberSql(column: Sql, test: NumberTest): Sql {
  if (test.op === "..") return sql`(${column} >= ${test.min} AND ${column} <= ${test.max})`;
  const op = { "=": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">=" }[test.op];
  return sql`${column} ${P.raw(op)} ${test.value}`;
}

function inList(column: Sql, values: readonly (string | number)[]): Sql {
  return values.length ? sql`${column} IN (${join(values)})` : sql`0`;
}

function termSql(term: Term): Sql {
  switch (term.field) {
    case "title":
      return sql`c.titleKey LIKE ${likePattern(titleKey(term.text))} ESCAPE '\\'`;
    case "exact":
      return sql`c.titleKey = ${titleKey(term.text)}`;
    case "color":
      return inList(sql`c.colorMask`, masksFor(term.op, term.mask));
    case "trait":
      return sql`c.id IN (SELECT t.cardId FROM CardTrait t WHERE t.traitKey = ${term.text})`;
    case "rings":
      return numberSql(sql`c.rings`, term.test);
    case "number":
      return numberSql(sql`c.number`, term.test);
    case "rarity":
      return inList(sql`c.rarity`, RARITIES.filter((_, rank) => compare(rank, term.op, term.rank)));
    case "set":
      return sql`s.code = ${term.code}`;
    case "text":
      return sql`c.text LIKE ${likePattern(term.text)} ESCAPE '\\'`;
    case "is":
      if (term.what === "multicolor") return sql`c.colorCount > 1`;
      if (term.what === "automated") return sql`c.effect IS NOT NULL`;
      return sql`c.effect IS NULL`;
  }
}

/** Translates a parsed query to a SQL condition over `Card c JOIN CardSet s` (same semantics as whereFromAst). */
export function sqlFromAst(node: QueryNode | null): Sql {
  if (node === null) return sql`1`;
  switch (node.kind) {
    case "and":
      return sql`(${join(node.children.map(sqlFromAst), " AND ")})`;
    case "or":
      return sql`(${join(node.children.map(sqlFromAst), " OR ")})`;
    case "not":
      return sql`NOT (${sqlFromAst(node.child)})`;
    case "term":
      return termSql(node.term);
  }
}

function orderSql(sort: SortKey, dir: SortDir): Sql {
  const d = P.raw(dir === "desc" ? "DESC" : "ASC");
  const tail = sql`s.code ${d}, c.number ${d}`;
  switch (sort) {
    case "title":
      return sql`c.titleKey ${d}, ${tail}`;
    case "rings":
      return sql`c.rings ${d}, ${tail}`;
    case "color":
      return sql`c.colorCount ${d}, c.colorMask ${d}, ${tail}`;
    case "number":
      return tail;
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
  traits: string | null;
};

async function selectCards(where: Sql, tail: Sql): Promise<CardDTO[]> {
  const rows = await db.$queryRaw<CardSqlRow[]>(sql`
    SELECT c.id, c.number, c.title, c.colorMask, c.rings, c.rarity, c.text, c.effect, c.imageUrl,
           s.code AS setCode, s.name AS setName, s.unofficial AS unofficial,
           (SELECT group_concat(t.trait, char(31)) FROM CardTrait t WHERE t.cardId = c.id) AS traits
    FROM Card c JOIN CardSet s ON s.id = c.setId
    WHERE ${where} ${tail}`);
  return rows.map((r) => {
    const number = Number(r.number);
    return {
      id: r.id,
      set: r.setCode,
      setName: r.setName,
      unofficial: Boolean(Number(r.unofficial)),
      number,
      key: cardKey(r.setCode, number),
      title: r.title,
      traits: r.traits ? r.traits.split("\u001f") : [],
      colors: colorsFromMask(Number(r.colorMask)),
      rings: Number(r.rings),
      rarity: r.rarity,
      text: r.text,
      effect: r.effect ? (JSON.parse(r.effect) as unknown) : null,
      imageUrl: r.imageUrl,
    };
  });
}

async function countCards(where: Sql): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number | bigint }[]>(sql`SELECT count(*) AS n FROM Card c JOIN CardSet s ON s.id = c.setId WHERE ${where}`);
  return Number(row.n);
}

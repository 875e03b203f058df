import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { titleKey } from "@/lib/cards/keys";
import { RARITIES } from "@/lib/cards/rarity";
import type { CardDTO } from "@/lib/cards/types";
import { parseQuery, type NumberTest, type QueryError, type QueryNode, type Term } from "@/lib/search";
import { compare, masksFor } from "@/lib/search/masks";
import { cardInclude, toCardDTO } from "@/lib/dal/cards";

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
  const built = cardWhereFromQuery(q);
  if (!built.ok) return built;
  const rows = await db.card.findMany({ where: built.where, include: cardInclude, orderBy: cardOrderBy(sort, dir), take: pageSize, skip: (page - 1) * pageSize });
  // A short first page is the whole result: no separate count needed.
  const total = page === 1 && rows.length < pageSize ? rows.length : await db.card.count({ where: built.where });
  return { ok: true, cards: rows.map(toCardDTO), total, page, pageSize, sort, dir };
}

/** Public: the traits and set codes the filter controls offer. */
export async function catalogFacets(): Promise<{ traits: string[]; sets: string[] }> {
  const [traits, sets] = await Promise.all([
    db.cardTrait.findMany({ distinct: ["traitKey"], select: { trait: true }, orderBy: { traitKey: "asc" } }),
    db.cardSet.findMany({ select: { code: true }, orderBy: { code: "asc" } }),
  ]);
  return { traits: traits.map((t) => t.trait), sets: sets.map((s) => s.code) };
}

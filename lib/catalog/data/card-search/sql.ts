import "server-only";
import { Prisma as P } from "@/lib/generated/prisma/client";
import { titleKey } from "@/lib/catalog/keys";
import { RARITIES } from "@/lib/catalog/rarity";
import type { NumberTest, QueryNode, Term } from "@/lib/catalog/search";
import { asciiLower } from "@/lib/catalog/search/filter";
import { compare, masksFor } from "@/lib/catalog/search/masks";

/**
 * The database translation of the card query language: one builder for
 * SQLite and PostgreSQL, parameterised with Prisma.sql (never string-built
 * from input). Its semantics are lib/catalog/search/filter.ts's matchesCard, the
 * in-memory reference; the tests compare the two card for card on both
 * databases.
 *
 * Where the dialects differ, the builder says so:
 * - case: titles are compared through the lower-cased `titleKey` column
 *   (exact in both); card text is case-insensitive for A–Z only — SQLite's
 *   LIKE folds ASCII, PostgreSQL folds with lower() under the "C" collation;
 * - order: text sort keys use the "C" collation on PostgreSQL, the byte
 *   order SQLite's BINARY collation uses, so pages come out the same.
 * Identifiers are double-quoted (PostgreSQL keeps Prisma's mixed-case names).
 */

export type SqlDialect = "sqlite" | "postgresql";
export type Sql = P.Sql;

export const sql = P.sql;
export const joinSql = P.join;
const join = P.join;
const raw = P.raw;

const TRUE = raw("1=1");
const FALSE = raw("1=0");

/** `%text%` with the LIKE wildcards and the escape character escaped (used with ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function numberSql(column: Sql, test: NumberTest): Sql {
  if (test.op === "..") return sql`(${column} >= ${test.min} AND ${column} <= ${test.max})`;
  const op = { "=": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">=" }[test.op];
  return sql`${column} ${raw(op)} ${test.value}`;
}

function inList(column: Sql, values: readonly (string | number)[]): Sql {
  return values.length ? sql`${column} IN (${join(values)})` : FALSE;
}

function termSql(term: Term, dialect: SqlDialect): Sql {
  switch (term.field) {
    case "title":
      return sql`c."titleKey" LIKE ${likePattern(titleKey(term.text))} ESCAPE '\\'`;
    case "exact":
      return sql`c."titleKey" = ${titleKey(term.text)}`;
    case "color":
      return inList(sql`c."colorMask"`, masksFor(term.op, term.mask));
    case "trait":
      return sql`c."id" IN (SELECT t."cardId" FROM "CardTrait" t WHERE t."traitKey" = ${term.text})`;
    case "rings":
      return numberSql(sql`c."rings"`, term.test);
    case "number":
      return numberSql(sql`c."number"`, term.test);
    case "rarity":
      return inList(sql`c."rarity"`, RARITIES.filter((_, rank) => compare(rank, term.op, term.rank)));
    case "set":
      return sql`s."code" = ${term.code}`;
    case "text": {
      const pattern = likePattern(asciiLower(term.text));
      return dialect === "postgresql"
        ? sql`lower(c."text" COLLATE "C") LIKE ${pattern} ESCAPE '\\'`
        : sql`c."text" LIKE ${pattern} ESCAPE '\\'`;
    }
    case "is":
      // more than one bit set (SQLite and PostgreSQL share `&`); a scan beats an index probe per multi-color card
      if (term.what === "multicolor") return sql`(c."colorMask" & (c."colorMask" - 1)) <> 0`;
      if (term.what === "automated") return sql`c."effect" IS NOT NULL`;
      return sql`c."effect" IS NULL`;
  }
}

/** The children of an and/or node with nested nodes of the same kind lifted into it (keeps the SQL shallow). */
function flatten(node: Extract<QueryNode, { kind: "and" | "or" }>): QueryNode[] {
  return node.children.flatMap((c) => (c.kind === node.kind ? flatten(c) : [c]));
}

/**
 * A parsed query as a SQL condition over `"Card" c` joined with `"CardSet" s`
 * (same semantics as matchesCard). A null query is true.
 */
export function conditionSql(node: QueryNode | null, dialect: SqlDialect): Sql {
  if (node === null) return TRUE;
  switch (node.kind) {
    case "and":
      return sql`(${join(flatten(node).map((c) => conditionSql(c, dialect)), " AND ")})`;
    case "or":
      return sql`(${join(flatten(node).map((c) => conditionSql(c, dialect)), " OR ")})`;
    case "not":
      // --x is x: a run of negations costs the database no nesting
      return node.child.kind === "not" ? conditionSql(node.child.child, dialect) : sql`NOT (${conditionSql(node.child, dialect)})`;
    case "term":
      return termSql(node.term, dialect);
  }
}

/** Does the condition read the card's set (so a count must join "CardSet")? */
export function usesSet(node: QueryNode | null): boolean {
  if (node === null) return false;
  switch (node.kind) {
    case "and":
    case "or":
      return node.children.some(usesSet);
    case "not":
      return usesSet(node.child);
    case "term":
      return node.term.field === "set";
  }
}

export const SORT_KEYS = ["number", "title", "rings", "color"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = "asc" | "desc";

/** ORDER BY for a sort key; ties always break by set code then number, so every card has one place. */
export function orderSql(sort: SortKey, dir: SortDir, dialect: SqlDialect): Sql {
  const d = raw(dir === "desc" ? "DESC" : "ASC");
  const byte = raw(dialect === "postgresql" ? ' COLLATE "C"' : "");
  const tail = sql`s."code"${byte} ${d}, c."number" ${d}`;
  switch (sort) {
    case "title":
      return sql`c."titleKey"${byte} ${d}, ${tail}`;
    case "rings":
      return sql`c."rings" ${d}, ${tail}`;
    case "color":
      return sql`c."colorCount" ${d}, c."colorMask" ${d}, ${tail}`;
    case "number":
      return tail;
  }
}

import "server-only";
import { db } from "@/lib/server/db/db";
import { containsIgnoringCase, providerOf } from "@/lib/server/db/db-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { likePattern, sql } from "@/lib/catalog/data/card-search/sql";
import { VISIBLE_CARD_SQL } from "@/lib/catalog/data/pending-imports";

/**
 * "Contains this text", literally. Prisma's `contains` passes its value into
 * LIKE unescaped, so a `%` or `_` a user types would match anything (and on
 * PostgreSQL a `\` escapes the next character). Text free of those characters
 * keeps the plain Prisma filter; otherwise the matching ids come from one
 * query with the wildcards escaped (`ESCAPE '\'`), as the card search does.
 */
const LIKE_SPECIAL = /[\\%_]/;

/** At most this many ids come back from an escaped match (titles and names holding `%`, `_` or `\` are rare). */
const MAX_LITERAL_MATCHES = 1000;

/** Cards whose titleKey contains `key` (already lower-cased with `titleKey`) literally. */
export async function titleKeyContains(key: string): Promise<Prisma.CardWhereInput> {
  if (!LIKE_SPECIAL.test(key)) return { titleKey: { contains: key } };
  const rows = await db.$queryRaw<{ id: string }[]>(sql`SELECT c."id" FROM "Card" c WHERE ${VISIBLE_CARD_SQL} AND c."titleKey" LIKE ${likePattern(key)} ESCAPE '\\' LIMIT ${MAX_LITERAL_MATCHES}`);
  return { id: { in: rows.map((r) => r.id) } };
}

/** Public decks whose name contains `text` literally, ignoring case (newest first when there are very many). */
export async function publicDeckNameContains(text: string): Promise<Prisma.DeckWhereInput> {
  const postgres = providerOf(db) === "postgresql";
  if (!LIKE_SPECIAL.test(text)) return { name: containsIgnoringCase(db, text) };
  // SQLite's LIKE already ignores ASCII case; PostgreSQL needs ILIKE
  const rows = await db.$queryRaw<{ id: string }[]>(
    postgres
      ? sql`SELECT "id" FROM "Deck" WHERE "visibility" = 'public' AND "name" ILIKE ${likePattern(text)} ESCAPE '\\' ORDER BY "updatedAt" DESC LIMIT ${MAX_LITERAL_MATCHES}`
      : sql`SELECT "id" FROM "Deck" WHERE "visibility" = 'public' AND "name" LIKE ${likePattern(text)} ESCAPE '\\' ORDER BY "updatedAt" DESC LIMIT ${MAX_LITERAL_MATCHES}`,
  );
  return { id: { in: rows.map((r) => r.id) } };
}

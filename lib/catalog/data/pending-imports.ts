import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";

/**
 * Cards a catalog import is still writing are hidden from every read.
 *
 * On SQLite a large catalog import writes its new cards in several short
 * transactions (lib/server/db/bulk.ts, applyInChunks), each holding the database's
 * write lock for well under 100 ms. Until its last short transaction
 * publishes them, those cards have a `PendingCard` row and must not be seen:
 * not by a search, a count, a card page or a set list. This extension adds
 * the condition to every read of `Card`, of `CardTrait` (the trait list) and
 * of `CardAudit` (the audit log: the rows of the cards it creates hide with
 * them, the rows of the cards it updates have a `PendingAudit` row of their
 * own until the publish) made through the model API, so every reader,
 * today's and tomorrow's, sees the catalog as before or as after an import,
 * never half of it. Raw SQL over "Card" adds VISIBLE_CARD_SQL itself
 * (lib/catalog/data/card-search, lib/server/db/literal-match.ts,
 * lib/collection/data/browse.ts); nested reads (`include`, `_count`) start from
 * rows that cannot point at a hidden card, except a set's card count, which
 * filters itself (lib/collection/data/lookup.ts).
 *
 * The marker is a table of its own, not a column of "Card", so the condition
 * is a probe into an (almost always empty) table and never changes how the
 * database plans a search over the catalog. A read that names `pending`
 * itself is left as it is.
 */

const READS = new Set(["findUnique", "findUniqueOrThrow", "findFirst", "findFirstOrThrow", "findMany", "count", "aggregate", "groupBy"]);
const UNIQUE_READS = new Set(["findUnique", "findUniqueOrThrow"]);

type Where = Record<string, unknown> | undefined;

/** `where` with `extra` added: spread for a unique read (its unique fields must stay at the top), AND otherwise. */
function withCondition(operation: string, where: Where, extra: Record<string, unknown>): Record<string, unknown> {
  if (!where) return extra;
  if (UNIQUE_READS.has(operation) && !Object.keys(extra).some((k) => k in where)) return { ...where, ...extra };
  return { AND: [where, extra] };
}

function namesPending(where: unknown, depth = 0): boolean {
  if (!where || typeof where !== "object" || depth > 8 || where instanceof Date) return false;
  if (Array.isArray(where)) return where.some((w) => namesPending(w, depth + 1));
  return Object.entries(where).some(([k, v]) => k === "pending" || namesPending(v, depth + 1));
}

/** A card's condition: not hidden by an import in progress. */
export const VISIBLE_CARD = { pending: { is: null } } as const;

/** An audit row's condition: not the audit of an update an import has yet to publish. */
const VISIBLE_AUDIT = { pending: { is: null } } as const;

/** The same condition in raw SQL over `"Card" c` (both dialects). */
//
// Written so that it costs nothing while no import is writing (nearly always): the first test does not depend on the
// row, so the database evaluates it once per statement, and only when PendingCard has rows does each card probe it.
// (The per-row probe alone took catalog search at 100,000 cards from a 25 ms to a 61 ms p95: npm run bench:search.)
export const VISIBLE_CARD_SQL = Prisma.sql`(NOT EXISTS (SELECT 1 FROM "PendingCard") OR NOT EXISTS (SELECT 1 FROM "PendingCard" pc WHERE pc."cardId" = c."id"))`;

export function hidePendingImports(client: PrismaClient): PrismaClient {
  const guard =
    (extra: Record<string, unknown>) =>
    ({ operation, args, query }: { operation: string; args: unknown; query: (args: unknown) => Promise<unknown> }) => {
      const a = (args ?? {}) as { where?: Where };
      if (!READS.has(operation) || namesPending(a.where)) return query(args);
      return query({ ...a, where: withCondition(operation, a.where, extra) });
    };
  const extended = client.$extends({
    name: "hide-pending-imports",
    query: {
      card: { $allOperations: guard(VISIBLE_CARD) },
      cardTrait: { $allOperations: guard({ card: VISIBLE_CARD }) },
      // an import's audit rows: of a new card, hidden with the card; of a card it updates, hidden by their own PendingAudit row
      cardAudit: { $allOperations: guard({ AND: [{ OR: [{ cardId: null }, { card: VISIBLE_CARD }] }, VISIBLE_AUDIT] }) },
    },
  });
  // the same model API; the rest of the app keeps the plain client's types
  return extended as unknown as PrismaClient;
}

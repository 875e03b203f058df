import "server-only";
// eslint-disable-next-line import/no-restricted-paths -- the API answers from the very cached reads the public pages render (kept off the catalog data index, which must not pull next/cache into every importer)
import { cachedCardPage, cachedCardSearch } from "@/lib/catalog/data/public-pages";
import { searchVocabulary } from "@/lib/catalog/data";
import { parseQuery } from "@/lib/catalog/search";
import { failure, type DomainFailure } from "@/lib/server/errors";
import { listSets } from "@/lib/api/data/sets";
import { decodeCursor, encodeCursor } from "@/lib/api/cursor";
import { API_BASE, parseFields, pickFields, toApiCard } from "@/lib/api/present";
import { queryWarnings } from "@/lib/api/warnings";
import type { ApiCard, CardField } from "@/lib/api/schemas";

type SearchInput = { q: string; sort: string; dir: string; cursor?: string; fields?: string };

/**
 * GET /api/v1/cards: one page of the /cards search, through the very data
 * function the page renders from (cachedCardSearch: same parser, same SQL,
 * same page size and cache), with cursor paging, field selection and
 * warnings. A query the parser refuses is a 400 with its message and position.
 */
export async function searchApiCards(origin: string, input: SearchInput) {
  const fields = parseFields(input.fields);
  if (!fields.ok) return failure("input/invalid", fields.message);
  let page = 1;
  if (input.cursor) {
    const c = decodeCursor(input.cursor, input);
    if (!c.ok) return failure("input/invalid", c.message);
    page = c.page;
  }
  const result = await cachedCardSearch({ q: input.q, sort: input.sort, dir: input.dir, page: String(page) });
  if (!result.ok) return failure("input/invalid", `${result.error.message} (at character ${result.error.position + 1}; expected ${result.error.expected})`);
  const parsed = parseQuery(input.q);
  const [vocab, sets] = parsed.ok && parsed.ast ? await Promise.all([searchVocabulary(), listSets()]) : [null, []];
  const warnings = parsed.ok && vocab ? queryWarnings(input.q, parsed.ast, vocab, sets.map((s) => s.code)) : [];
  const hasMore = result.page * result.pageSize < result.total;
  const nextCursor = hasMore ? encodeCursor(result.page + 1, input) : null;
  const params = new URLSearchParams({ q: input.q, sort: input.sort, dir: input.dir, ...(nextCursor ? { cursor: nextCursor } : {}), ...(input.fields ? { fields: input.fields } : {}) });
  return {
    object: "list" as const,
    total: result.total,
    hasMore,
    nextCursor,
    nextPage: nextCursor ? `${origin}${API_BASE}/cards?${params}` : null,
    warnings,
    data: result.cards.map((c) => pickFields(toApiCard(origin, c), fields.fields as CardField[] | null)),
  };
}

/** GET /api/v1/cards/<set>/<number>: one printing (the card page's cached read). */
export async function apiCard(origin: string, set: string, number: string): Promise<ApiCard | DomainFailure> {
  const page = await cachedCardPage(set, number);
  if (!page) return failure("card/not-found", `No card ${set.toUpperCase()}-${number}.`);
  return toApiCard(origin, page.card);
}

/** GET /api/v1/sets. */
export async function apiSets(origin: string) {
  const sets = await listSets();
  return {
    object: "list" as const,
    total: sets.length,
    data: sets.map((s) => ({ object: "set" as const, id: s.id, code: s.code, name: s.name, unofficial: s.unofficial, cardCount: s.cardCount, searchUri: `${origin}${API_BASE}/cards?q=${encodeURIComponent(`set:${s.code}`)}` })),
  };
}

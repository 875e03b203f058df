import "server-only";
import { db } from "@/lib/server/db/db";
import { parseQuery } from "@/lib/catalog/search";
import { normalizeSearchParams, runSearch, type SearchCardsInput, type SearchCardsResult } from "./run";

/**
 * Public: searches the catalog with the card query language. Guests may read
 * the catalog. A bad query returns the parser's error (code, position, expected).
 */
export async function searchCards(input: SearchCardsInput): Promise<SearchCardsResult> {
  const { q, sort, dir, page, pageSize } = normalizeSearchParams(input);
  const parsed = parseQuery(q);
  if (!parsed.ok) return parsed;
  const { cards, total } = await runSearch({ ast: parsed.ast, sort, dir, page, pageSize, owner: null });
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

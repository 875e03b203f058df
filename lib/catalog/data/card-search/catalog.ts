import "server-only";
import { db } from "@/lib/server/db/db";
import { parseQuery } from "@/lib/catalog/search";
import { didYouMean, type DidYouMean, type SearchVocabulary } from "@/lib/catalog/search/did-you-mean";
import { normalizeSearchParams, runSearch, type SearchCardsInput, type SearchCardsResult } from "./run";

/**
 * Public: searches the catalog with the card query language. Guests may read
 * the catalog. A bad query returns the parser's error (code, position, expected).
 * A search that finds nothing says what it may have meant (`sonc` → `sonic`,
 * `t:robto` → `t:robot`) when a word of it is in no title or trait.
 */
export async function searchCards(input: SearchCardsInput): Promise<SearchCardsResult & { suggestion?: DidYouMean }> {
  const { q, sort, dir, page, pageSize } = normalizeSearchParams(input);
  const parsed = parseQuery(q);
  if (!parsed.ok) return parsed;
  const { cards, total } = await runSearch(null, { ast: parsed.ast, sort, dir, page, pageSize, owner: null });
  const suggestion = total === 0 && parsed.ast ? didYouMean(q, parsed.ast, await searchVocabulary()) : null;
  return { ok: true, cards, total, page, pageSize, sort, dir, ...(suggestion ? { suggestion } : {}) };
}

/** The vocabulary is read again at most this often (only searches that find nothing read it). */
const VOCABULARY_TTL_MS = 60_000;
const globalForVocabulary = globalThis as unknown as { ringbinderSearchVocabulary?: { at: number; vocab: Promise<SearchVocabulary> } };

/** Public: the words of every title and every trait, kept a minute per instance (did-you-mean, the API's warnings). */
export function searchVocabulary(): Promise<SearchVocabulary> {
  const kept = globalForVocabulary.ringbinderSearchVocabulary;
  if (kept && Date.now() - kept.at < VOCABULARY_TTL_MS) return kept.vocab;
  const vocab = (async () => {
    const [titles, traits] = await Promise.all([
      db.card.findMany({ distinct: ["titleKey"], select: { titleKey: true } }),
      db.cardTrait.findMany({ distinct: ["traitKey"], select: { trait: true, traitKey: true } }),
    ]);
    const titleWords = new Set<string>();
    for (const t of titles) for (const w of t.titleKey.split(/[^\p{L}\p{N}]+/u)) if (w.length >= 3) titleWords.add(w);
    return { titleWords, traits: new Map(traits.map((t) => [t.traitKey, t.trait])) };
  })();
  globalForVocabulary.ringbinderSearchVocabulary = { at: Date.now(), vocab };
  vocab.catch(() => {
    if (globalForVocabulary.ringbinderSearchVocabulary?.vocab === vocab) globalForVocabulary.ringbinderSearchVocabulary = undefined;
  });
  return vocab;
}

/** Public: the traits and set codes the filter controls offer. */
export async function catalogFacets(): Promise<{ traits: string[]; sets: string[] }> {
  const [traits, sets] = await Promise.all([
    // grouped in SQL: Prisma's `distinct` reads every trait row (one per card and trait) and dedupes them in memory,
    // ~60 ms of CPU per page view at 25,000 cards (the deck editor reads this on every view; bench:http --mode editor)
    db.cardTrait.groupBy({ by: ["traitKey"], _min: { trait: true }, orderBy: { traitKey: "asc" } }),
    db.cardSet.findMany({ select: { code: true }, orderBy: { code: "asc" } }),
  ]);
  return { traits: traits.flatMap((t) => (t._min.trait ? [t._min.trait] : [])), sets: sets.map((s) => s.code) };
}

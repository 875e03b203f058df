/** The highest page number any list accepts (beyond it a list shows its last page or none). */
export const MAX_PAGE_NUMBER = 10_000;

/**
 * A page number from a URL, bounded: whole numbers 1..MAX_PAGE_NUMBER; anything
 * else (missing, text, negative, 153722867280912931) becomes 1 or the maximum,
 * so no query ever gets an offset a database cannot take.
 */
export function parsePageNumber(raw: unknown): number {
  const n = Math.floor(Number(Array.isArray(raw) ? raw[0] : raw));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, MAX_PAGE_NUMBER);
}

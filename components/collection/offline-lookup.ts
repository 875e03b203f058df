import { titleKey } from "@/lib/catalog/keys";
import type { LookupCardDTO } from "@/lib/collection/types";

/** As many answers as the server's lookup gives. */
const LOOKUP_LIMIT = 8;

/**
 * Booster lookup on the device's copy of the catalog (GET /api/collection/lookup-index), for entry with no
 * connection: the same terms and order as the server's lookupCards: a number ("7", "007", "DEMO-7",
 * "demo 007") or a title fragment ("knu"); the exact number first, then titles that start with the term.
 */
export function searchIndex(cards: readonly LookupCardDTO[], term: string): LookupCardDTO[] {
  const q = term.trim().slice(0, 60);
  if (!q) return [];
  const numbered = /^()#?(\d{1,5})$/.exec(q) ?? /^([a-z0-9][a-z0-9-]{0,11}?)[\s-]+#?(\d{1,5})$/i.exec(q);
  const exactNumber = numbered ? Number(numbered[2]) : null;
  const setCode = numbered?.[1] ? numbered[1].toUpperCase() : undefined;
  const ql = titleKey(q);
  const matches = cards.filter(
    (c) => titleKey(c.title).includes(ql) || (exactNumber !== null && c.number === exactNumber && (!setCode || c.set === setCode)),
  );
  const rank = (c: LookupCardDTO) => (c.number === exactNumber ? 0 : titleKey(c.title).startsWith(ql) ? 1 : 2);
  return matches
    .slice()
    .sort((a, b) => rank(a) - rank(b) || a.set.localeCompare(b.set) || a.number - b.number)
    .slice(0, LOOKUP_LIMIT);
}

/** The device's counts after queued packs: what lookup shows as owned while those packs wait to sync. */
export function withQueued(cards: readonly LookupCardDTO[], queuedCardIds: readonly string[]): LookupCardDTO[] {
  if (!queuedCardIds.length) return cards as LookupCardDTO[];
  const extra = new Map<string, number>();
  for (const id of queuedCardIds) extra.set(id, (extra.get(id) ?? 0) + 1);
  return cards.map((c) => (extra.has(c.id) ? { ...c, owned: c.owned + extra.get(c.id)! } : c));
}

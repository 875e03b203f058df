import { editDistance } from "@/lib/catalog/search";
import { cardKey, titleKey } from "@/lib/catalog/keys";

/**
 * The printings nearest to an import line that matched no card, for the
 * preview's "Closest: DEMO-012 Egg Pawn". It reuses the catalog search's
 * did-you-mean edit distance. Pure: the caller passes the catalog.
 */

export type CatalogPrinting = { set: string; number: number; title: string; titleKey: string };

/** Names offered per unmatched line. */
const MAX_CLOSEST = 3;

/** A catalog grouped for repeated look-ups: printings by title key, and by set code. */
export type PrintingIndex = { byTitle: Map<string, CatalogPrinting[]>; bySet: Map<string, CatalogPrinting[]> };

export function printingIndex(catalog: readonly CatalogPrinting[]): PrintingIndex {
  const byTitle = new Map<string, CatalogPrinting[]>();
  const bySet = new Map<string, CatalogPrinting[]>();
  for (const c of catalog) {
    byTitle.set(c.titleKey, [...(byTitle.get(c.titleKey) ?? []), c]);
    bySet.set(c.set, [...(bySet.get(c.set) ?? []), c]);
  }
  return { byTitle, bySet };
}

function byTitle(title: string, index: PrintingIndex): { p: CatalogPrinting; d: number }[] {
  const want = titleKey(title);
  if (!want) return [];
  const allowed = Math.max(2, Math.ceil(want.length / 3));
  const found: { p: CatalogPrinting; d: number }[] = [];
  for (const [key, printings] of index.byTitle) {
    let d: number;
    if (key === want) d = 0;
    else if (key.includes(want) || want.includes(key)) d = 0.5 + Math.abs(key.length - want.length) / 100;
    else if (Math.abs(key.length - want.length) > allowed) continue;
    else d = editDistance(want, key, allowed);
    if (d <= allowed) for (const p of printings) found.push({ p, d });
  }
  return found;
}

function nearestSet(code: string, index: PrintingIndex): string | null {
  if (!code) return null;
  if (index.bySet.has(code)) return code;
  let best: { code: string; d: number } | null = null;
  for (const c of index.bySet.keys()) {
    const d = editDistance(code, c, 2);
    if (d <= 2 && (!best || d < best.d)) best = { code: c, d };
  }
  return best?.code ?? null;
}

/**
 * The printings closest to a line: by title when it has one (nearest title
 * first, then the same set, then the nearest number), else the nearest numbers
 * in its set (or the nearest set code). At most three, formatted "DEMO-012 Egg Pawn".
 */
export function closestPrintings(want: { set: string; number: number; title: string | null }, index: PrintingIndex): string[] {
  const set = nearestSet(want.set, index);
  const scored = want.title ? byTitle(want.title, index) : [];
  if (!scored.length && set) for (const p of index.bySet.get(set) ?? []) scored.push({ p, d: 0 });
  return scored
    .sort((a, b) => a.d - b.d || Number(b.p.set === set) - Number(a.p.set === set) || Math.abs(a.p.number - want.number) - Math.abs(b.p.number - want.number) || a.p.number - b.p.number)
    .slice(0, MAX_CLOSEST)
    .map(({ p }) => `${cardKey(p.set, p.number)} ${p.title}`);
}

/** The message for a line that matched no card, with its closest printings when there are any. */
export function withClosest(message: string, closest: string[]): string {
  return closest.length ? `${message} Closest: ${closest.join(", ")}.` : message;
}

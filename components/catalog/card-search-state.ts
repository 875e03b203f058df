/**
 * The pure parts of the card search box: the URL a query is applied to, how
 * many filters are active (the badge on the narrow-screen "Filters" button),
 * a color toggled in or out, and the value a typed ring bound commits. No
 * React, so each is unit-tested; `useCardSearch` holds the box's state.
 */
import type { Color } from "@/lib/catalog/colors";
import type { FilterState } from "@/lib/catalog/search";

/** The URL that applies query `q` on `pathname`, keeping the other parameters of `search` but those in `resetParams`. */
export function searchUrl(pathname: string, search: string, q: string, resetParams: readonly string[]): string {
  const params = new URLSearchParams(search);
  if (q.trim()) params.set("q", q);
  else params.delete("q");
  for (const p of resetParams) params.delete(p);
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** How many filter controls hold a value (the ring range counts once). */
export function activeFilterCount(f: FilterState): number {
  return (
    f.colors.length +
    (f.multicolor ? 1 : 0) +
    (f.trait ? 1 : 0) +
    (f.ringsMin !== null || f.ringsMax !== null ? 1 : 0) +
    (f.rarity ? 1 : 0) +
    (f.set ? 1 : 0) +
    (f.text ? 1 : 0)
  );
}

/** The colors with `c` switched: removed when present, added at the end otherwise. */
export function toggleColorIn(colors: readonly Color[], c: Color): Color[] {
  return colors.includes(c) ? colors.filter((x) => x !== c) : [...colors, c];
}

/**
 * What a typed ring bound commits: null for an empty box, a whole number
 * clamped to 0..99, or `undefined` when the text is no number (nothing changes).
 */
export function ringBound(draft: string): number | null | undefined {
  const t = draft.trim();
  if (t === "") return null;
  const v = Math.max(0, Math.min(99, Math.floor(Number(t))));
  return Number.isFinite(v) ? v : undefined;
}

/** The four card colors of the Sonic X TCG, in their canonical order. */
export const COLORS = ["blue", "red", "yellow", "gray"] as const;
export type Color = (typeof COLORS)[number];

/** One-letter abbreviations used by the search language (c:br = blue + red). */
export const COLOR_LETTERS: Record<string, Color> = { b: "blue", r: "red", y: "yellow", g: "gray" };

const BIT: Record<Color, number> = { blue: 1, red: 2, yellow: 4, gray: 8 };

/** Bitmask of a set of colors (blue=1, red=2, yellow=4, gray=8), as stored in Card.colorMask. */
export function colorMask(colors: readonly Color[]): number {
  let mask = 0;
  for (const c of colors) mask |= BIT[c];
  return mask;
}

/** Colors of a bitmask in canonical order. */
export function colorsFromMask(mask: number): Color[] {
  return COLORS.filter((c) => (mask & BIT[c]) !== 0);
}

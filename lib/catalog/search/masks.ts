import { colorsFromMask } from "@/lib/catalog/colors";
import type { CompareOp, NumberTest } from "./ast";

/** Every non-empty color mask a card can have (blue=1, red=2, yellow=4, gray=8). */
export const ALL_MASKS: readonly number[] = Array.from({ length: 15 }, (_, i) => i + 1);

/**
 * Does a card's color mask satisfy `c<op><mask>` (Scryfall semantics)?
 * `:`/`>=` at least these colors, `=` exactly, `<=` only these colors,
 * `>`/`<` strict superset/subset, `!=` anything but exactly these.
 */
export function colorMatches(cardMask: number, op: CompareOp, mask: number): boolean {
  const superset = (cardMask & mask) === mask;
  const subset = (cardMask & ~mask) === 0;
  switch (op) {
    case ">=":
      return superset;
    case "=":
      return cardMask === mask;
    case "<=":
      return subset;
    case ">":
      return superset && cardMask !== mask;
    case "<":
      return subset && cardMask !== mask;
    case "!=":
      return cardMask !== mask;
  }
}

/** The card masks of multi-color cards (two colors or more), for `is:multicolor`. */
export const MULTICOLOR_MASKS: readonly number[] = ALL_MASKS.filter((m) => colorsFromMask(m).length > 1);

/** The card masks that satisfy a color test, for a `colorMask IN (...)` query (Prisma has no bitwise operators). */
export function masksFor(op: CompareOp, mask: number): number[] {
  return ALL_MASKS.filter((m) => colorMatches(m, op, mask));
}

/** Does a number satisfy a numeric test? */
export function numberMatches(n: number, test: NumberTest): boolean {
  if (test.op === "..") return n >= test.min && n <= test.max;
  return compare(n, test.op, test.value);
}

export function compare(a: number, op: CompareOp, b: number): boolean {
  switch (op) {
    case "=":
      return a === b;
    case "!=":
      return a !== b;
    case "<":
      return a < b;
    case "<=":
      return a <= b;
    case ">":
      return a > b;
    case ">=":
      return a >= b;
  }
}

import { colorMask, type Color } from "@/lib/catalog/colors";
import { titleKey } from "@/lib/catalog/keys";
import { RARITIES } from "@/lib/catalog/rarity";
import type { QueryNode, Term } from "./ast";
import { colorMatches, compare, MULTICOLOR_MASKS, numberMatches } from "./masks";

/** The card fields a query can test (a CardDTO has all of them). */
export type SearchableCard = {
  set: string;
  number: number;
  title: string;
  traits: readonly string[];
  colors: readonly Color[];
  rings: number;
  rarity: string;
  text: string;
  effect: unknown;
};

/**
 * Lower-cases A–Z only. Card-text search (`o:`) is case-insensitive for ASCII
 * letters, as both databases can do it exactly (SQLite's LIKE, PostgreSQL's
 * lower() under the "C" collation); other letters match as written.
 */
export function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

function termMatches(term: Term, card: SearchableCard): boolean {
  switch (term.field) {
    case "title":
      return titleKey(card.title).includes(titleKey(term.text));
    case "exact":
      return titleKey(card.title) === titleKey(term.text);
    case "color":
      return colorMatches(colorMask(card.colors), term.op, term.mask);
    case "trait":
      return card.traits.some((t) => t.toLowerCase() === term.text);
    case "rings":
      return numberMatches(card.rings, term.test);
    case "number":
      return numberMatches(card.number, term.test);
    case "rarity": {
      const rank = RARITIES.indexOf(card.rarity as (typeof RARITIES)[number]);
      return rank >= 0 && compare(rank, term.op, term.rank);
    }
    case "set":
      return card.set.toUpperCase() === term.code;
    case "text":
      return asciiLower(card.text).includes(asciiLower(term.text));
    case "is":
      if (term.what === "multicolor") return MULTICOLOR_MASKS.includes(colorMask(card.colors));
      if (term.what === "automated") return card.effect !== null && card.effect !== undefined;
      return card.effect === null || card.effect === undefined;
  }
}

/**
 * Evaluates a parsed query against one card in memory: the reference
 * semantics the database translation (lib/catalog/data/card-search/sql.ts) must agree with.
 * A null query matches every card.
 */
export function matchesCard(node: QueryNode | null, card: SearchableCard): boolean {
  if (node === null) return true;
  switch (node.kind) {
    case "and":
      return node.children.every((c) => matchesCard(c, card));
    case "or":
      return node.children.some((c) => matchesCard(c, card));
    case "not":
      return !matchesCard(node.child, card);
    case "term":
      return termMatches(node.term, card);
  }
}

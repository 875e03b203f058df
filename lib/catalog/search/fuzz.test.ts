import { describe, expect, it } from "vitest";
import fc from "fast-check";
import demo from "@/data/demo-set.json";
import type { SearchableCard } from "./filter";
import { describeNode, matchesCard, parseQuery, readFilters, splitQuery, type QueryNode } from "./index";
import { MAX_QUERY_DEPTH, MAX_QUERY_LENGTH } from "./limits";

/**
 * Random and pathological queries against the pure side of search: the
 * parser, the in-memory filter and the search box's helpers. Whatever comes
 * in, parseQuery answers (a tree or a typed error at a position inside the
 * query) and nothing downstream throws. The database side gets the same
 * treatment in lib/catalog/data/card-search/card-search.test.ts.
 */

const cards: SearchableCard[] = demo.cards.map((c) => ({
  set: demo.set.code,
  number: c.number,
  title: c.title,
  traits: c.traits,
  colors: c.colors as SearchableCard["colors"],
  rings: c.rings,
  rarity: c.rarity,
  text: c.text,
  effect: c.effect ?? null,
}));

function depthOf(node: QueryNode | null): number {
  if (!node) return 0;
  if (node.kind === "term") return 1;
  if (node.kind === "not") return 1 + depthOf(node.child);
  return 1 + Math.max(...node.children.map(depthOf));
}

function exercise(q: string): void {
  const r = parseQuery(q);
  if (!r.ok) {
    expect(r.error.code).toMatch(/^query\//);
    expect(r.error.position).toBeGreaterThanOrEqual(0);
    expect(r.error.position).toBeLessThanOrEqual(Math.min(q.length, MAX_QUERY_LENGTH));
    expect(r.error.message.length).toBeGreaterThan(0);
    expect(r.error.expected.length).toBeGreaterThan(0);
    expect(splitQuery(q)).toBeNull();
    return;
  }
  // nesting in the tree stays bounded by the limit (plus the and/or levels between groups)
  expect(depthOf(r.ast)).toBeLessThanOrEqual(3 * MAX_QUERY_DEPTH + 3);
  for (const card of cards) matchesCard(r.ast, card);
  if (r.ast) describeNode(r.ast);
  readFilters(q);
  expect(splitQuery(q)).not.toBeNull();
}

const syntax = fc.constantFrom(
  ..."abcrtnos:=<>!-()\"\\ .,%_0123456789éÉ😀\u0000\t\n".split(""),
  " or ",
  " and ",
  "c:",
  "t:",
  "r>",
  "n<=",
  "..",
  "-(",
  "((",
  "))",
  "is:",
  "rar>=",
  "99999",
  "100000",
  "9223372036854775807",
);

describe("search fuzz: the parser and the in-memory filter", () => {
  it("answers any string of query syntax", () => {
    fc.assert(fc.property(fc.array(syntax, { maxLength: 80 }).map((a) => a.join("")), exercise), { numRuns: 2000 });
  });

  it("answers any unicode string", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 200 }), exercise), { numRuns: 1000 });
  });

  it("answers pathological queries: deep nesting, long runs, huge numbers", () => {
    const pathological = [
      "-(".repeat(101) + "a" + ")".repeat(101),
      "x " + "(x or (".repeat(40) + "y" + "))".repeat(40),
      "(".repeat(5000),
      ")".repeat(5000),
      "-".repeat(5000) + "a",
      "a ".repeat(5000),
      "a or ".repeat(300) + "b",
      '"'.repeat(999),
      "n>" + "9".repeat(100_000),
      "r:" + "1".repeat(400) + ".." + "2".repeat(400),
      "c:" + "b".repeat(990),
      "o:" + "%".repeat(900),
      "\\".repeat(1000),
      "x".repeat(1_000_000),
    ];
    for (const q of pathological) exercise(q);
  });

  it("answers generated nested queries around the depth limit", () => {
    const nested = fc
      .array(fc.constantFrom("-", "(", "-(", "(a or ", "(-"), { minLength: MAX_QUERY_DEPTH - 2, maxLength: MAX_QUERY_DEPTH + 4 })
      .map((opens) => opens.join("") + "sonic" + ")".repeat(opens.join("").split("(").length - 1));
    fc.assert(fc.property(nested, exercise), { numRuns: 500 });
  });
});

import { describe, expect, it } from "vitest";
import { describeNode, readFilters, removePart, setFilter, splitQuery, EMPTY_FILTERS, type FilterState } from "./edit";
import { parseQuery } from "./parser";

const state = (s: Partial<FilterState>): FilterState => ({ ...EMPTY_FILTERS, ...s });

describe("reading filter controls from a query", () => {
  it("reads every control", () => {
    const f = readFilters('c:br t:robot rings:3..6 rar:rare set:DEMO o:"opposing blue" is:multicolor sonic');
    expect(f).toEqual({
      colors: ["blue", "red"],
      colorMode: "all",
      multicolor: true,
      trait: "robot",
      ringsMin: 3,
      ringsMax: 6,
      rarity: "rare",
      set: "DEMO",
      text: "opposing blue",
    });
  });

  it("reads color modes: any (or-group), exactly, single color", () => {
    expect(readFilters("(c:blue or c:red)")).toMatchObject({ colors: ["blue", "red"], colorMode: "any" });
    expect(readFilters("c=yg")).toMatchObject({ colors: ["yellow", "gray"], colorMode: "exactly" });
    expect(readFilters("c:gray")).toMatchObject({ colors: ["gray"], colorMode: null });
  });

  it("reads one-sided ring bounds", () => {
    expect(readFilters("r>=5")).toMatchObject({ ringsMin: 5, ringsMax: null });
    expect(readFilters("r<3")).toMatchObject({ ringsMin: null, ringsMax: 2 });
    expect(readFilters("r=0")).toMatchObject({ ringsMin: 0, ringsMax: 0 });
  });

  it("ignores negated and nested terms and invalid queries", () => {
    expect(readFilters("-c:gray -t:robot")).toEqual(EMPTY_FILTERS);
    expect(readFilters("(c:blue t:robot) or sonic")).toEqual(EMPTY_FILTERS);
    expect(readFilters("c:blue (")).toEqual(EMPTY_FILTERS);
  });
});

describe("writing filter controls into a query", () => {
  it("appends a new term and keeps the rest verbatim", () => {
    expect(setFilter("sonic  -c:gray", "trait", state({ trait: "robot" }))).toBe("sonic -c:gray t:robot");
  });

  it("replaces the term the control owns", () => {
    expect(setFilter("t:animal sonic", "trait", state({ trait: "robot" }))).toBe("sonic t:robot");
    expect(setFilter("c:blue sonic", "color", state({ colors: ["blue", "red"], colorMode: "all" }))).toBe("sonic c:br");
    expect(setFilter("c:br", "color", state({ colors: ["blue", "red"], colorMode: "exactly" }))).toBe("c=br");
    expect(setFilter("c=br", "color", state({ colors: ["red", "blue", "gray"], colorMode: "any" }))).toBe("(c:blue or c:red or c:gray)");
    expect(setFilter("(c:blue or c:red) t:robot", "color", state({ colors: [] }))).toBe("t:robot");
    expect(setFilter("r>=3 x", "rings", state({ ringsMin: 3, ringsMax: 6 }))).toBe("x rings:3..6");
    expect(setFilter("", "rings", state({ ringsMax: 4 }))).toBe("r<=4");
    expect(setFilter("", "rarity", state({ rarity: "super rare" }))).toBe('rar:"super rare"');
    expect(setFilter("", "text", state({ text: 'say "hi"' }))).toBe('o:"say \\"hi\\""');
    expect(setFilter("", "set", state({ set: "DEMO" }))).toBe("set:DEMO");
    expect(setFilter("is:multicolor", "multicolor", state({ multicolor: false }))).toBe("");
  });

  it("keeps the meaning of a top-level or", () => {
    const q = setFilter("sonic or tails", "trait", state({ trait: "animal" }));
    expect(q).toBe("(sonic or tails) t:animal");
    expect(parseQuery(q).ok).toBe(true);
  });

  it("round-trips: what a control writes reads back the same", () => {
    const cases: [Parameters<typeof setFilter>[1], Partial<FilterState>][] = [
      ["color", { colors: ["blue", "yellow"], colorMode: "exactly" }],
      ["color", { colors: ["red", "gray"], colorMode: "any" }],
      ["rings", { ringsMin: 2, ringsMax: 7 }],
      ["trait", { trait: "robot" }],
      ["text", { text: "opposing blue" }],
    ];
    for (const [kind, s] of cases) {
      expect(readFilters(setFilter("", kind, state(s)))).toMatchObject(s);
    }
  });

  it("appends to an invalid query without losing it", () => {
    expect(setFilter("c:blue (", "trait", state({ trait: "robot" }))).toBe("c:blue ( t:robot");
  });
});

describe("chips", () => {
  it("splits the query into removable parts with descriptions", () => {
    const q = "c:br -t:robot r>=5 (sonic or tails)";
    const parts = splitQuery(q)!;
    expect(parts.map((p) => p.text)).toEqual(["c:br", "-t:robot", "r>=5", "(sonic or tails)"]);
    expect(parts.map((p) => describeNode(p.node))).toEqual([
      "Color includes blue + red",
      "Not: Trait robot",
      "Rings at least 5",
      "Title has “sonic” or Title has “tails”",
    ]);
    expect(removePart(q, 1)).toBe("c:br r>=5 (sonic or tails)");
    expect(removePart("a or b", 0)).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { readFilters } from "@/lib/catalog/search";
import { activeFilterCount, ringBound, searchUrl, toggleColorIn } from "./card-search-state";

describe("searchUrl", () => {
  it("sets q, keeps other parameters and drops the reset ones", () => {
    expect(searchUrl("/cards", "?view=list&page=3", "c:b", ["page"])).toBe("/cards?view=list&q=c%3Ab");
  });
  it("drops q for an empty or blank query, and the ? when nothing is left", () => {
    expect(searchUrl("/cards", "?q=old&page=2", "  ", ["page"])).toBe("/cards");
    expect(searchUrl("/cards", "", "", [])).toBe("/cards");
  });
});

describe("activeFilterCount", () => {
  it("counts each control holding a value, the ring range once", () => {
    expect(activeFilterCount(readFilters(""))).toBe(0);
    expect(activeFilterCount(readFilters("c:br"))).toBe(2);
    expect(activeFilterCount(readFilters("c:b is:multicolor"))).toBe(2);
    expect(activeFilterCount(readFilters("r>=2 r<=5 t:animal rar:rare set:DEMO o:discard"))).toBe(5);
  });
  it("does not count a free title word", () => {
    expect(activeFilterCount(readFilters("sonic"))).toBe(0);
  });
});

describe("toggleColorIn", () => {
  it("adds a color at the end and removes a present one", () => {
    expect(toggleColorIn(["blue"], "red")).toEqual(["blue", "red"]);
    expect(toggleColorIn(["blue", "red"], "blue")).toEqual(["red"]);
  });
});

describe("ringBound", () => {
  it("commits null for an empty box and clamps whole numbers to 0..99", () => {
    expect(ringBound("  ")).toBeNull();
    expect(ringBound("4")).toBe(4);
    expect(ringBound("4.7")).toBe(4);
    expect(ringBound("-3")).toBe(0);
    expect(ringBound("150")).toBe(99);
  });
  it("commits nothing for text that is no number", () => {
    expect(ringBound("abc")).toBeUndefined();
  });
});

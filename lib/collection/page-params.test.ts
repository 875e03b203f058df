import { describe, expect, it } from "vitest";
import { collectionHref, collectionParams } from "./page-params";

describe("/collection's query parameters", () => {
  it("keeps the first value of each of its own parameters and drops the rest", () => {
    expect(collectionParams({ q: ["sonic", "tails"], show: "owned", page: "2", other: "x" })).toEqual({ q: "sonic", show: "owned", sort: undefined, dir: undefined, page: "2", view: undefined });
  });

  it("links to the page with the other parameters kept", () => {
    const p = collectionParams({ q: "t:hero", sort: "rings", dir: "desc", view: "list", show: "missing", page: "3" });
    expect(collectionHref(p)).toBe("/collection?q=t%3Ahero&sort=rings&dir=desc&view=list&show=missing&page=3");
    expect(collectionHref(p, { page: 1 })).toBe("/collection?q=t%3Ahero&sort=rings&dir=desc&view=list&show=missing");
  });

  it("a new filter goes back to page 1, and the defaults leave the link bare", () => {
    const p = collectionParams({ show: "owned", page: "4" });
    expect(collectionHref(p, { show: "duplicates" })).toBe("/collection?show=duplicates");
    expect(collectionHref(p, { show: "all" })).toBe("/collection");
    expect(collectionHref(collectionParams({}))).toBe("/collection");
  });

  it("an unknown ownership filter reads as every card", () => {
    expect(collectionHref(collectionParams({ show: "stolen", q: "sonic" }))).toBe("/collection?q=sonic");
  });
});

import { describe, expect, it } from "vitest";
import { decodeListState, encodeListState } from "@/lib/server/cache/page-state";

describe("cached list page state", () => {
  it("round-trips the page's own parameters, in a canonical order", () => {
    const a = encodeListState("/cards", new URLSearchParams("page=2&q=t%3Arobot+c%3Ablue&utm=x&view=list"));
    const b = encodeListState("/cards", new URLSearchParams("view=list&q=t:robot c:blue&page=2"));
    expect(a).toBe(b);
    expect(decodeListState("/cards", a)).toEqual({ q: "t:robot c:blue", page: "2", view: "list" });
  });

  it("maps no parameters (or only foreign ones) to one token", () => {
    expect(encodeListState("/cards", new URLSearchParams(""))).toBe("all");
    expect(encodeListState("/cards", new URLSearchParams("fbclid=1&q="))).toBe("all");
    expect(decodeListState("/cards", "all")).toEqual({});
    // a path segment next.config.js's rewrite takes as it is (lib/server/cache/list-routes.cjs)
    expect(encodeListState("/decks/public", new URLSearchParams("name=sonic?/#%"))).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it("keeps non-ASCII text and cuts values over 1000 characters", () => {
    const t = encodeListState("/cards", new URLSearchParams({ q: "“Amy” é" }));
    expect(decodeListState("/cards", t)).toEqual({ q: "“Amy” é" });
    const long = encodeListState("/cards", new URLSearchParams({ q: "x".repeat(5000) }));
    expect(decodeListState("/cards", long)?.q).toHaveLength(1000);
  });

  it("refuses tokens the proxy would never make", () => {
    expect(decodeListState("/cards", "not base64!")).toBeNull();
    expect(decodeListState("/cards", "")).toBeNull();
    // a parameter of another page, and a repeated one
    expect(decodeListState("/cards", encodeListState("/decks/public", new URLSearchParams("name=x")))).toBeNull();
    expect(decodeListState("/cards", Buffer.from("q=a&q=b").toString("base64url"))).toBeNull();
    // invalid UTF-8
    expect(decodeListState("/cards", Buffer.from([0x71, 0x3d, 0xff]).toString("base64url"))).toBeNull();
  });
});

import path from "node:path";
import { describe, expect, it } from "vitest";
import { appPages, routeEntry } from "./route-size";

const PAGES = [[], ["playtest"], ["(auth)", "signin"], ["decks"], ["decks", "[id]"], ["decks", "public"], ["cards", "[set]", "[number]"]];

describe("route-size path mapping", () => {
  it("maps / to the root page: manifest server/app/page_…, key /page, the root layout and the page", () => {
    expect(routeEntry("/", PAGES)).toEqual({
      dirs: [],
      manifest: path.join("server", "app", "page_client-reference-manifest.js"),
      key: "/page",
      segments: ["[project]/app/layout", "[project]/app/page"],
    });
  });

  it("maps a nested route with each layout on its way", () => {
    expect(routeEntry("/playtest", PAGES)).toEqual({
      dirs: ["playtest"],
      manifest: path.join("server", "app", "playtest", "page_client-reference-manifest.js"),
      key: "/playtest/page",
      segments: ["[project]/app/layout", "[project]/app/playtest/layout", "[project]/app/playtest/page"],
    });
  });

  it("finds pages inside route groups, which the URL does not show", () => {
    expect(routeEntry("/signin", PAGES)).toMatchObject({
      key: "/(auth)/signin/page",
      manifest: path.join("server", "app", "(auth)", "signin", "page_client-reference-manifest.js"),
      segments: ["[project]/app/layout", "[project]/app/(auth)/layout", "[project]/app/(auth)/signin/layout", "[project]/app/(auth)/signin/page"],
    });
  });

  it("matches dynamic folders by name or by value, preferring a literal folder", () => {
    expect(routeEntry("/decks/public", PAGES)?.key).toBe("/decks/public/page");
    expect(routeEntry("/decks/abc123", PAGES)?.key).toBe("/decks/[id]/page");
    expect(routeEntry("/decks/[id]", PAGES)?.key).toBe("/decks/[id]/page");
    expect(routeEntry("/cards/DEMO/7", PAGES)?.key).toBe("/cards/[set]/[number]/page");
    expect(routeEntry("/decks/", PAGES)?.key).toBe("/decks/page");
  });

  it("says null for a route no page serves", () => {
    expect(routeEntry("/nowhere", PAGES)).toBeNull();
    expect(routeEntry("/playtest/extra", PAGES)).toBeNull();
  });

  it("reads this app's pages: /, /playtest and /signin resolve", () => {
    const pages = appPages(path.resolve(__dirname, "../../app"));
    expect(routeEntry("/", pages)?.key).toBe("/page");
    expect(routeEntry("/playtest", pages)?.key).toBe("/playtest/page");
    expect(routeEntry("/signin", pages)?.key).toBe("/(auth)/signin/page");
  });
});

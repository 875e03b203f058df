// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api/openapi";
import { DeveloperDocs, type ApiReference } from "./developer-docs";

afterEach(cleanup);

const doc = openApiDocument("https://rb.example") as unknown as ApiReference;

describe("DeveloperDocs (the /developers reference, from the served OpenAPI document)", () => {
  it("has a section for every path of the document, reachable from the endpoint list", () => {
    render(<DeveloperDocs doc={doc} base="https://rb.example/api/v1" examples={{}} />);
    const nav = screen.getByRole("navigation", { name: "Endpoints" });
    for (const [path, { get }] of Object.entries(doc.paths)) {
      expect(within(nav).getByRole("link", { name: `GET ${path}` }).getAttribute("href")).toBe(`#${get.operationId}`);
      expect(screen.getByRole("region", { name: `GET ${path}` }).id).toBe(get.operationId);
    }
  });

  it("lists the search's query parameters with their choices, and the statuses each endpoint answers", () => {
    render(<DeveloperDocs doc={doc} base="https://rb.example/api/v1" examples={{}} />);
    const search = screen.getByRole("region", { name: "GET /cards" });
    for (const name of ["q", "sort", "dir", "cursor", "fields"]) expect(within(search).getByRole("cell", { name })).toBeTruthy();
    expect(within(search).getByText(/One of: number, title, rings, color/)).toBeTruthy();
    expect(within(search).getByText("429")).toBeTruthy();
  });

  it("gives a live example where one is set, and a template without a live link where a path needs a value", () => {
    render(<DeveloperDocs doc={doc} base="https://rb.example/api/v1" examples={{ getCard: "/cards/DEMO/1" }} />);
    const card = screen.getByRole("region", { name: "GET /cards/{set}/{number}" });
    expect(within(card).getByText('curl -s "https://rb.example/api/v1/cards/DEMO/1"')).toBeTruthy();
    expect(within(card).getByRole("link", { name: /Open the live answer/ }).getAttribute("href")).toBe("https://rb.example/api/v1/cards/DEMO/1");
    const deck = screen.getByRole("region", { name: "GET /decks/{slug}" });
    expect(within(deck).queryByRole("link", { name: /Open the live answer/ })).toBeNull();
    expect(within(deck).getByText(/Put a value in place/)).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn() }), usePathname: () => "/cards", useSearchParams: () => new URLSearchParams() }));

const { CardResultsHeader } = await import("@/components/catalog/card-results-header");
afterEach(cleanup);

describe("CardResultsHeader", () => {
  it("counts the cards, with the page only when there is more than one", () => {
    const { rerender } = render(<CardResultsHeader id="h" total={1} page={1} pageSize={60} sort="set" dir="asc" view="grid" />);
    expect(screen.getByTestId("result-count").textContent).toBe("1 card");
    rerender(<CardResultsHeader id="h" total={12345} page={3} pageSize={60} sort="set" dir="asc" view="grid" />);
    expect(screen.getByTestId("result-count").textContent).toBe("12,345 cards · page 3 of 206");
    expect(screen.getByRole("heading", { level: 2 }).id).toBe("h");
  });

  it("says the note after the count, and shows the sort and view toolbar", () => {
    render(<CardResultsHeader id="h" total={40} page={1} pageSize={60} note="tradeable extras" sort="rings" dir="desc" view="list" />);
    expect(screen.getByTestId("result-count").textContent).toBe("40 cards · tradeable extras");
    expect(screen.getByLabelText(/sort by/i)).toBeTruthy();
  });
});

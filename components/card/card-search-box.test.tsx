// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const router = { push: vi.fn(), replace: vi.fn() };
vi.mock("next/navigation", () => ({
  useRouter: () => router,
  usePathname: () => "/admin/cards",
  useSearchParams: () => new URLSearchParams(),
}));

const { CardSearchBox } = await import("./card-search-box");

beforeEach(() => {
  vi.useFakeTimers();
  router.push.mockClear();
  router.replace.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderWithLink() {
  render(
    <div>
      <CardSearchBox traits={["Animal"]} sets={["DEMO"]} debounceMs={350} />
      <a href="#edit-tornado" onClick={(e) => e.preventDefault()}>
        Edit Tornado
      </a>
    </div>,
  );
}

describe("CardSearchBox typing pause", () => {
  it("applies a typed query to the URL after the pause", () => {
    renderWithLink();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search cards" }), { target: { value: "!tornado" } });
    expect(router.replace).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(400));
    expect(router.replace).toHaveBeenCalledWith("/admin/cards?q=%21tornado", { scroll: false });
  });

  it("drops the waiting query when the user follows a link elsewhere, so the link's navigation is not replaced", () => {
    renderWithLink();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search cards" }), { target: { value: "!tornado" } });
    fireEvent.click(screen.getByRole("link", { name: "Edit Tornado" }));
    act(() => vi.advanceTimersByTime(400));
    expect(router.replace).not.toHaveBeenCalled();
    expect(router.push).not.toHaveBeenCalled();
  });
});

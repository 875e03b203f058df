// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const router = { push: vi.fn(), replace: vi.fn() };
const url = vi.hoisted(() => ({ params: new URLSearchParams() }));
vi.mock("next/navigation", () => ({
  useRouter: () => router,
  usePathname: () => "/admin/cards",
  useSearchParams: () => url.params,
}));

const { CardSearchBox } = await import("./card-search-box");

beforeEach(() => {
  vi.useFakeTimers();
  router.push.mockClear();
  router.replace.mockClear();
});
afterEach(() => {
  url.params = new URLSearchParams();
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

describe("CardSearchBox controls", () => {
  function controlled(query = "", props: Partial<Parameters<typeof CardSearchBox>[0]> = {}) {
    const onQueryChange = vi.fn();
    const view = render(<CardSearchBox traits={["Animal", "Robot"]} sets={["DEMO"]} query={query} onQueryChange={onQueryChange} {...props} />);
    return { onQueryChange, view, box: screen.getByRole("searchbox", { name: "Search cards" }) as HTMLInputElement };
  }

  it("shows the query's chips and removes one with its × button", () => {
    const { onQueryChange } = controlled("sonic t:animal");
    const chips = screen.getByRole("list", { name: "Active filters" });
    expect(chips.textContent).toContain("Title has “sonic”");
    expect(chips.textContent).toContain("Trait animal");
    fireEvent.click(screen.getByRole("button", { name: "Remove filter: Trait animal" }));
    expect(onQueryChange).toHaveBeenCalledWith("sonic");
  });

  it("toggles colors into the query and changes how they match", () => {
    const { onQueryChange, box } = controlled();
    fireEvent.click(screen.getByRole("button", { name: "Blue" }));
    expect(onQueryChange).toHaveBeenLastCalledWith(box.value);
    expect(screen.getByRole("button", { name: "Blue" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Red" }));
    const both = box.value;
    fireEvent.change(screen.getByRole("combobox", { name: "Color match" }), { target: { value: "exactly" } });
    expect(box.value).not.toBe(both);
    expect(onQueryChange).toHaveBeenLastCalledWith(box.value);
    expect((screen.getByRole("combobox", { name: "Color match" }) as HTMLSelectElement).value).toBe("exactly");
    fireEvent.click(screen.getByRole("button", { name: "Blue" }));
    expect(screen.getByRole("button", { name: "Blue" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("a color mode chosen with no color selected only changes the select", () => {
    const { onQueryChange } = controlled();
    fireEvent.change(screen.getByRole("combobox", { name: "Color match" }), { target: { value: "any" } });
    expect(onQueryChange).not.toHaveBeenCalled();
    expect((screen.getByRole("combobox", { name: "Color match" }) as HTMLSelectElement).value).toBe("any");
  });

  it("writes the trait, rarity, set, multi-color, rings and card text filters", () => {
    const { onQueryChange, box } = controlled();
    fireEvent.change(screen.getByLabelText("Trait"), { target: { value: "robot" } });
    fireEvent.change(screen.getByLabelText("Rarity"), { target: { value: "rare" } });
    fireEvent.change(screen.getByLabelText("Set"), { target: { value: "DEMO" } });
    fireEvent.click(screen.getByLabelText("Multi-color"));
    const min = screen.getByRole("spinbutton", { name: "Minimum rings" });
    fireEvent.change(min, { target: { value: "3" } });
    fireEvent.keyDown(min, { key: "Enter" });
    const max = screen.getByRole("spinbutton", { name: "Maximum rings" });
    fireEvent.change(max, { target: { value: "200" } });
    fireEvent.blur(max);
    const text = screen.getByLabelText("Card text");
    fireEvent.change(text, { target: { value: "discard" } });
    fireEvent.keyDown(text, { key: "Enter" });
    const f = screen.getByRole("list", { name: "Active filters" }).textContent;
    for (const chip of ["Trait robot", "Rarity", "Set", "Rings", "99"]) expect(f).toContain(chip);
    expect(box.value).toContain("discard");
    expect(onQueryChange).toHaveBeenLastCalledWith(box.value);
    // the ring box shows the clamped value it committed
    expect((max as HTMLInputElement).value).toBe("99");
    // a bound that is no number changes nothing
    const calls = onQueryChange.mock.calls.length;
    fireEvent.change(min, { target: { value: "" } });
    fireEvent.blur(min);
    expect(onQueryChange.mock.calls.length).toBe(calls + 1);
    expect(box.value).not.toMatch(/r>=3|r:3/);
  });

  it("keeps an unknown trait or set of the query selectable", () => {
    controlled("t:alien set:ZZZ");
    expect((screen.getByLabelText("Trait") as HTMLSelectElement).value).toBe("alien");
    expect((screen.getByLabelText("Set") as HTMLSelectElement).value).toBe("ZZZ");
  });

  it("shows where a typed query is wrong and does not apply it", () => {
    const { onQueryChange, box } = controlled();
    fireEvent.change(box, { target: { value: "r>=" } });
    const alert = screen.getByTestId("query-error");
    expect(alert.textContent).toMatch(/At position \d+: expected/);
    expect(box.getAttribute("aria-invalid")).toBe("true");
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.submit(box.closest("form")!);
    expect(onQueryChange).not.toHaveBeenCalled();
  });

  it("hides the applied query's error when the page shows it itself", () => {
    controlled("r>=", { showAppliedError: false });
    expect(screen.queryByTestId("query-error")).toBeNull();
  });

  it("applies the query at once on submit, and follows a new query from outside", () => {
    const { onQueryChange, box, view } = controlled("c:b");
    fireEvent.change(box, { target: { value: "knuckles" } });
    fireEvent.submit(box.closest("form")!);
    expect(onQueryChange).toHaveBeenCalledWith("knuckles");
    act(() => vi.advanceTimersByTime(1000));
    expect(onQueryChange).toHaveBeenCalledTimes(1);
    view.rerender(<CardSearchBox traits={[]} sets={[]} query="t:robot" onQueryChange={onQueryChange} />);
    expect(box.value).toBe("t:robot");
  });

  it("keeps what the user asked for when an earlier navigation of its own reaches the URL late, and follows one from outside", () => {
    const box = () => screen.getByRole("searchbox", { name: "Search cards" }) as HTMLInputElement;
    // a new element each time, so React renders again and reads the URL
    const ui = () => <CardSearchBox traits={["Animal", "Robot"]} sets={["DEMO"]} />;
    const view = render(ui());
    fireEvent.click(screen.getByRole("button", { name: "Red" }));
    fireEvent.click(screen.getByRole("button", { name: "Blue" }));
    expect(box().value).toBe("c:br");
    // the first click's navigation lands after the second click
    url.params = new URLSearchParams("q=c:red");
    view.rerender(ui());
    expect(box().value).toBe("c:br");
    url.params = new URLSearchParams("q=c:br");
    view.rerender(ui());
    expect(box().value).toBe("c:br");
    // back or a link: a query this box never sent
    url.params = new URLSearchParams("q=t:animal");
    view.rerender(ui());
    expect(box().value).toBe("t:animal");
  });

  it("pushes filter changes to the URL and resets the page", () => {
    render(<CardSearchBox traits={["Animal"]} sets={["DEMO"]} />);
    window.history.replaceState(null, "", "/admin/cards?page=4&view=list");
    fireEvent.click(screen.getByRole("button", { name: "Yellow" }));
    expect(router.push).toHaveBeenCalledWith("/admin/cards?view=list&q=c%3Ayellow", { scroll: false });
    window.history.replaceState(null, "", "/");
  });

  it("opens the filter sheet, counts active filters, and closes on Escape with focus back on its button", () => {
    controlled("c:b t:animal");
    const button = screen.getByTestId("filters-button");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByLabelText("2 active")).toBeTruthy();
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement?.textContent).toBe("Done");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });
});

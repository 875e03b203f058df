// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import Link from "next/link";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CardDTO } from "@/lib/catalog/card-types";
import { parseQuery } from "@/lib/catalog/search";

const nav = vi.hoisted(() => ({ pathname: "/collection/booster", search: "q=c%3Ab&page=3", replace: vi.fn() }));
vi.mock("next/navigation", () => ({
  usePathname: () => nav.pathname,
  useRouter: () => ({ replace: nav.replace, push: vi.fn(), refresh: vi.fn() }),
  useSearchParams: () => new URLSearchParams(nav.search),
}));

const { ThemeToggle } = await import("./theme-toggle");
const { SiteMenu } = await import("./site-menu");
const { Pagination } = await import("@/components/ui/pagination");
const { CardResultsToolbar } = await import("@/components/catalog/card-results-toolbar");
const { QueryErrorPanel } = await import("@/components/catalog/query-error-panel");
const { CardGrid, cardHref } = await import("@/components/catalog/card-grid");
const { CollectionTabs } = await import("@/components/collection/collection-tabs");
const { NavLink } = await import("@/components/ui/nav-link");
const { THEME_KEY } = await import("@/components/site/theme");

let systemDark = false;
beforeEach(() => {
  window.localStorage.clear();
  document.documentElement.classList.remove("dark");
  nav.replace.mockReset();
  systemDark = false;
  window.matchMedia = ((query: string) => ({ matches: systemDark && query.includes("dark"), media: query, addEventListener: () => {}, removeEventListener: () => {} })) as unknown as typeof window.matchMedia;
});
afterEach(cleanup);

describe("ThemeToggle", () => {
  it("cycles System → Light → Dark → System, keeps the choice and sets the dark class", () => {
    render(<ThemeToggle />);
    const button = () => screen.getByRole("button", { name: /^Colour theme/ });
    expect(button().textContent).toBe("System");
    fireEvent.click(button());
    expect(button().getAttribute("aria-label")).toBe("Colour theme: Light. Change theme");
    expect(window.localStorage.getItem(THEME_KEY)).toBe("light");
    expect(document.documentElement.classList.contains("dark")).toBe(false);
    fireEvent.click(button());
    expect(button().textContent).toBe("Dark");
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    systemDark = true;
    fireEvent.click(button());
    expect(button().textContent).toBe("System");
    expect(window.localStorage.getItem(THEME_KEY)).toBeNull();
    // System follows the device
    expect(document.documentElement.classList.contains("dark")).toBe(true);
  });

  it("starts from the stored choice", () => {
    window.localStorage.setItem(THEME_KEY, "dark");
    render(<ThemeToggle />);
    expect(screen.getByRole("button", { name: "Colour theme: Dark. Change theme" })).toBeTruthy();
  });
});

describe("SiteMenu", () => {
  it("without JavaScript shows its links on a phone (a <noscript> style opens the panel and hides the dead button)", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const html = renderToStaticMarkup(
      <SiteMenu>
        <Link href="/signin">Sign in</Link>
      </SiteMenu>,
    );
    expect(html).toContain("<noscript><style>[data-site-menu-panel]{display:flex}[data-site-menu-button]{display:none}</style></noscript>");
    expect(html).toMatch(/<button[^>]*data-site-menu-button=""/);
    expect(html).toMatch(/<div[^>]*data-site-menu-panel=""[^>]*class="hidden /);
  });

  it("opens and closes the narrow-screen menu with its button and Escape, and closes after a link is followed", () => {
    const view = render(
      <SiteMenu>
        <Link href="/cards">Cards</Link>
      </SiteMenu>,
    );
    const button = screen.getByRole("button", { name: "Menu" });
    const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(panel.className).toMatch(/(^| )hidden /);
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(panel.className).toMatch(/^flex /);
    button.blur();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    nav.pathname = "/cards";
    view.rerender(
      <SiteMenu>
        <Link href="/cards">Cards</Link>
      </SiteMenu>,
    );
    expect(button.getAttribute("aria-expanded")).toBe("false");
    nav.pathname = "/collection/booster";
  });
});

describe("navigation marks the current page", () => {
  it("collection tabs and header links", () => {
    render(
      <>
        <CollectionTabs />
        <NavLink href="/collection">Collection</NavLink>
        <NavLink href="/decks">Decks</NavLink>
      </>,
    );
    const tabs = within(screen.getByRole("navigation", { name: "Collection" }));
    expect(tabs.getByRole("link", { name: "Open a booster" }).getAttribute("aria-current")).toBe("page");
    expect(tabs.getByRole("link", { name: "My collection" }).getAttribute("aria-current")).toBeNull();
    const header = screen.getAllByRole("link", { name: "Collection" }).find((a) => !a.closest("nav"))!;
    expect(header.getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Decks" }).getAttribute("aria-current")).toBeNull();
  });
});

describe("Pagination", () => {
  const href = (p: number) => `/cards?page=${p}`;
  it("shows nothing for one page", () => {
    const { container } = render(<Pagination page={1} pageCount={1} hrefFor={href} />);
    expect(container.innerHTML).toBe("");
  });
  it("links the pages around the current one, the first and last, with gaps between", () => {
    render(<Pagination page={6} pageCount={12} hrefFor={href} />);
    const nav = within(screen.getByRole("navigation", { name: "Pages" }));
    expect(nav.getAllByRole("link", { name: /^Page / }).map((a) => a.textContent)).toEqual(["1", "4", "5", "6", "7", "8", "12"]);
    expect(nav.getByRole("link", { name: "Page 6" }).getAttribute("aria-current")).toBe("page");
    expect(nav.getByRole("link", { name: "← Previous" }).getAttribute("href")).toBe("/cards?page=5");
    expect(nav.getByRole("link", { name: "Next →" }).getAttribute("href")).toBe("/cards?page=7");
    expect(screen.getAllByText("…")).toHaveLength(2);
  });
  it("disables Previous on the first page and Next on the last", () => {
    const view = render(<Pagination page={1} pageCount={3} hrefFor={href} />);
    expect(screen.queryByRole("link", { name: "← Previous" })).toBeNull();
    expect(screen.getByText("← Previous").getAttribute("aria-disabled")).toBe("true");
    view.rerender(<Pagination page={3} pageCount={3} hrefFor={href} />);
    expect(screen.queryByRole("link", { name: "Next →" })).toBeNull();
  });
});

describe("CardResultsToolbar", () => {
  it("writes sort, direction and view to the URL, keeping the query and dropping the page", () => {
    render(<CardResultsToolbar sort="number" dir="asc" view="grid" />);
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "rings" } });
    expect(nav.replace).toHaveBeenLastCalledWith("/collection/booster?q=c%3Ab&sort=rings", { scroll: false });
    // a second quick click builds on the first, not on the URL that has not landed yet
    fireEvent.click(screen.getByRole("button", { name: "Ascending; switch to descending" }));
    expect(nav.replace).toHaveBeenLastCalledWith("/collection/booster?q=c%3Ab&sort=rings&dir=desc", { scroll: false });
    fireEvent.click(screen.getByRole("button", { name: "List" }));
    expect(nav.replace).toHaveBeenLastCalledWith("/collection/booster?q=c%3Ab&sort=rings&dir=desc&view=list", { scroll: false });
    expect(screen.getByRole("button", { name: "Grid" }).getAttribute("aria-pressed")).toBe("true");
  });
});

describe("QueryErrorPanel", () => {
  it("points at the error, cutting a long query around it", () => {
    const query = `${"sonic ".repeat(20)}r>=`;
    const parsed = parseQuery(query);
    if (parsed.ok) throw new Error("expected a parse error");
    render(<QueryErrorPanel query={query} error={parsed.error} />);
    const panel = screen.getByTestId("query-error-panel");
    expect(panel.textContent).toContain(`This search could not be read: ${parsed.error.message}`);
    expect(panel.textContent).toContain(`At position ${parsed.error.position + 1}: expected ${parsed.error.expected}.`);
    const [line, caret] = panel.querySelector("pre")!.textContent!.split("\n");
    expect(line.startsWith("…")).toBe(true);
    expect(caret.indexOf("^")).toBe(line.length - (query.length - parsed.error.position));
    expect(screen.getByRole("link", { name: "See the search syntax" }).getAttribute("href")).toBe("/cards/syntax");
  });
});

describe("CardGrid", () => {
  const cards: CardDTO[] = [
    { id: "c1", set: "DEMO", setName: "Demo", unofficial: true, number: 1, key: "DEMO-001", title: "Sonic", traits: ["Hero"], colors: ["blue"], rings: 3, rarity: "rare", text: "", effect: null, imageUrl: null },
    { id: "c2", set: "X Y", setName: "Other", unofficial: true, number: 2, key: "X Y-002", title: "Tails", traits: ["Fox", "Hero"], colors: ["yellow", "blue"], rings: 2, rarity: "common", text: "", effect: null, imageUrl: null },
  ];
  it("links each card to its page in the grid, with badges and actions", () => {
    render(<CardGrid cards={cards} renderBadge={(c) => <span>{c.rings} badge</span>} renderActions={(c) => <button type="button">Act on {c.title}</button>} />);
    const grid = within(screen.getByRole("list", { name: "Card results" }));
    expect(grid.getByRole("link", { name: "Sonic (DEMO-001)" }).getAttribute("href")).toBe("/cards/DEMO/1");
    expect(grid.getByText("2 badge")).toBeTruthy();
    expect(grid.getByRole("button", { name: "Act on Tails" })).toBeTruthy();
    expect(cardHref(cards[1])).toBe("/cards/X%20Y/2");
  });
  it("lists cards as table rows, linked or not", () => {
    const view = render(<CardGrid cards={cards} view="list" label="Owned cards" />);
    const rows = within(screen.getByRole("table", { name: "Owned cards" })).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[2].textContent).toContain("yellow / blue");
    expect(rows[2].textContent).toContain("Fox, Hero");
    expect(within(rows[1]).getByRole("link", { name: "Sonic" })).toBeTruthy();
    view.rerender(<CardGrid cards={cards} view="list" linkToCard={false} renderActions={() => <span>act</span>} />);
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getAllByText("act")).toHaveLength(2);
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

const nav = vi.hoisted(() => ({ pathname: "/signin" }));
vi.mock("next/navigation", () => ({ usePathname: () => nav.pathname }));

const { RouteFocus, focusIsFree, focusPageStart, pageName } = await import("./route-focus");

afterEach(() => {
  cleanup();
  document.title = "";
});

/** The root layout in small: a header link, the announcer, and <main> with the page. */
function Layout({ page }: { page: React.ReactNode }) {
  return (
    <>
      <header>
        <button type="button">Decks</button>
      </header>
      <RouteFocus />
      <main id="main">{page}</main>
    </>
  );
}

/** The next animation frame, after which the announcement is made. */
const frame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe("RouteFocus", () => {
  it("leaves a full page load alone, then after a client navigation focuses the new page's h1 and announces it", async () => {
    nav.pathname = "/signin";
    document.title = "Sign in · Ringbinder";
    const { rerender } = render(<Layout page={<h1>Sign in</h1>} />);
    expect(document.activeElement).toBe(document.body);
    await frame();
    expect(screen.getByTestId("route-announcer").textContent).toBe("");

    // a navigation from the header (its control keeps focus, as a link does after a click)
    screen.getByRole("button", { name: "Decks" }).focus();
    nav.pathname = "/decks";
    document.title = "My decks · Ringbinder";
    rerender(<Layout page={<h1>My decks</h1>} />);
    const heading = screen.getByRole("heading", { name: "My decks" });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute("tabindex")).toBe("-1");
    await frame();
    expect(screen.getByRole("status").textContent).toBe("My decks, page loaded");
  });

  it("focuses <main> when the page has no h1, and does nothing for a change of the query string alone", async () => {
    nav.pathname = "/a";
    const { rerender } = render(<Layout page={<p>first</p>} />);
    nav.pathname = "/b";
    rerender(<Layout page={<p>no heading</p>} />);
    expect(document.activeElement).toBe(document.querySelector("main"));
    (document.activeElement as HTMLElement).blur();
    // same pathname (a search or page change): focus stays where it is
    rerender(<Layout page={<h1>Still b</h1>} />);
    expect(document.activeElement).toBe(document.body);
  });

  it("moves on from <main> to a heading that streams in after the skeleton, unless the user moved on", async () => {
    nav.pathname = "/x";
    const { rerender } = render(<Layout page={<p>x</p>} />);
    nav.pathname = "/decks";
    rerender(<Layout page={<p>Loading your decks…</p>} />);
    expect(document.activeElement).toBe(document.querySelector("main"));
    rerender(<Layout page={<h1>My decks</h1>} />);
    await act(() => Promise.resolve()); // the observer's callback
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "My decks" }));

    nav.pathname = "/y";
    rerender(<Layout page={<p>Loading…</p>} />);
    screen.getByRole("button", { name: "Decks" }).focus(); // the user went elsewhere meanwhile
    rerender(<Layout page={<h1>Y</h1>} />);
    await act(() => Promise.resolve());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Decks" }));
  });

  it("keeps focus a page put inside <main> itself (its next action)", () => {
    nav.pathname = "/playtest";
    const { rerender } = render(<Layout page={<h1>Playtest</h1>} />);
    nav.pathname = "/decks/new";
    rerender(
      <Layout
        page={
          <>
            <h1>New deck</h1>
            <input aria-label="Deck name" autoFocus />
          </>
        }
      />,
    );
    expect(document.activeElement).toBe(screen.getByLabelText("Deck name"));
  });
});

describe("pageName", () => {
  it("is the new title without the site's suffix, or the main heading while the title is still the old one", () => {
    document.body.innerHTML = "<main><h1>Deck editor</h1></main>";
    document.title = "Team Sonic · Ringbinder";
    expect(pageName(document, "My decks · Ringbinder")).toBe("Team Sonic");
    expect(pageName(document, "Team Sonic · Ringbinder")).toBe("Deck editor");
    expect(focusPageStart(document)?.tagName).toBe("H1");
    document.body.innerHTML = "";
  });
});

describe("focusIsFree", () => {
  it("is true on <body> and where a page change put focus, false once the user (or the page) moved it elsewhere", () => {
    document.body.innerHTML = "<main><h1>Game</h1><button>Card</button></main>";
    expect(focusIsFree()).toBe(true);
    focusPageStart();
    expect(document.activeElement?.tagName).toBe("H1");
    expect(focusIsFree()).toBe(true); // the board may take it for its next action
    document.querySelector("button")!.focus();
    expect(focusIsFree()).toBe(false);
    // the heading is no longer a page start once left
    (document.querySelector("h1") as HTMLElement).focus();
    expect(focusIsFree()).toBe(false);
    document.body.innerHTML = "";
  });
});

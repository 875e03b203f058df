// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CardZoomDTO } from "@/lib/catalog/card-types";
import { CardZoom } from "./card-zoom";

const SONIC: CardZoomDTO = {
  key: "DEMO-001",
  title: "Sonic the Hedgehog",
  colors: ["blue"],
  rings: 3,
  traits: ["Hedgehog", "Hero"],
  rarity: "rare",
  text: "When played, draw a card.",
  image: "/cards/DEMO-001.svg",
  href: "/cards/DEMO-001",
  effect: { automated: true, text: "Draw 1 card." },
} as CardZoomDTO;

// jsdom has no PointerEvent: a MouseEvent with a pointerType stands in (testing-library builds events from it)
class TestPointerEvent extends MouseEvent {
  pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? "mouse";
  }
}
if (typeof window.PointerEvent === "undefined") Object.assign(window, { PointerEvent: TestPointerEvent });

let requests: string[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  requests = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      requests.push(url);
      if (url.endsWith("DEMO-001")) return new Response(JSON.stringify(SONIC), { status: 200 });
      if (url.endsWith("DEMO-OFFLINE")) throw new TypeError("network down");
      return new Response("{}", { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the card request and its JSON settle. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

function page(key = "DEMO-001") {
  render(
    <div>
      <div data-card-zoom={key} data-testid="target">
        <span data-testid="title">Sonic</span>
        <button type="button">Add</button>
      </div>
      <input aria-label="Notes" data-card-zoom={key} />
      <button type="button">Elsewhere</button>
      <CardZoom />
    </div>,
  );
}

describe("CardZoom", () => {
  it("shows the card beside the element after a mouse hover pause, and hides it when the mouse leaves", async () => {
    page();
    const target = screen.getByTestId("title");
    fireEvent.pointerOver(target, { pointerType: "mouse" });
    expect(screen.queryByText("Sonic the Hedgehog")).toBeNull();
    act(() => vi.advanceTimersByTime(400));
    expect(screen.getByRole("status", { hidden: true }).textContent).toBe("Loading the card…");
    await settle();
    expect(screen.getByText("Sonic the Hedgehog")).toBeTruthy();
    expect(screen.getByText("Draw 1 card.")).toBeTruthy();
    expect(screen.getByText("blue")).toBeTruthy();
    expect(requests).toEqual(["/api/cards/DEMO-001"]);
    // no dialog on hover
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.pointerOut(target, { pointerType: "mouse", relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText("Sonic the Hedgehog")).toBeNull();
  });

  it("ignores touch hovers and a hover cut short", () => {
    page();
    const target = screen.getByTestId("title");
    fireEvent.pointerOver(target, { pointerType: "touch" });
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByRole("status", { hidden: true })).toBeNull();
    fireEvent.pointerOver(target, { pointerType: "mouse" });
    fireEvent.pointerDown(target, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByRole("status", { hidden: true })).toBeNull();
  });

  it("opens a dialog with Z while focus is inside the element; Escape closes it and gives focus back", async () => {
    page();
    const add = screen.getByRole("button", { name: "Add" });
    add.focus();
    fireEvent.keyDown(add, { key: "z" });
    await settle();
    const dialog = screen.getByRole("dialog", { name: "Sonic the Hedgehog" });
    expect(dialog.textContent).toContain("When played, draw a card.");
    expect(screen.getByRole("link", { name: "Open the card page" }).getAttribute("href")).toBe("/cards/DEMO-001");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close" }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(add);
  });

  it("does not take Z typed into a text box, with a modifier, or outside a card", () => {
    page();
    fireEvent.keyDown(screen.getByRole("textbox", { name: "Notes" }), { key: "z" });
    fireEvent.keyDown(screen.getByRole("button", { name: "Add" }), { key: "z", ctrlKey: true });
    fireEvent.keyDown(screen.getByRole("button", { name: "Elsewhere" }), { key: "Z" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens the dialog on a tap that is not on a control, and closes it with its button or the backdrop", async () => {
    page();
    const title = screen.getByTestId("title");
    fireEvent.pointerDown(title, { pointerType: "touch", clientX: 5, clientY: 5 });
    fireEvent.pointerUp(title, { pointerType: "touch" });
    await settle();
    expect(screen.getByRole("dialog")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.pointerDown(title, { pointerType: "touch" });
    fireEvent.pointerUp(title, { pointerType: "touch" });
    await settle();
    fireEvent.click(screen.getByRole("dialog").parentElement!);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("a tap on a button inside the element does not open it, a long press does and swallows the click", async () => {
    page();
    const add = screen.getByRole("button", { name: "Add" });
    fireEvent.pointerDown(add, { pointerType: "touch" });
    fireEvent.pointerUp(add, { pointerType: "touch" });
    expect(screen.queryByRole("dialog")).toBeNull();
    const clicked = vi.fn();
    add.addEventListener("click", clicked);
    fireEvent.pointerDown(add, { pointerType: "touch" });
    const menu = fireEvent.contextMenu(add);
    expect(menu).toBe(false); // the long press's context menu is held back
    act(() => vi.advanceTimersByTime(500));
    await settle();
    expect(screen.getByRole("dialog")).toBeTruthy();
    fireEvent.pointerUp(add, { pointerType: "touch" });
    fireEvent.click(add);
    expect(clicked).not.toHaveBeenCalled();
  });

  it("a press that moves (a scroll) opens nothing", () => {
    page();
    const title = screen.getByTestId("title");
    fireEvent.pointerDown(title, { pointerType: "touch", clientX: 0, clientY: 0 });
    fireEvent.pointerMove(title, { pointerType: "touch", clientX: 0, clientY: 40 });
    act(() => vi.advanceTimersByTime(500));
    fireEvent.pointerUp(title, { pointerType: "touch" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says so when the card cannot be loaded", async () => {
    page("DEMO-404");
    const add = screen.getByRole("button", { name: "Add" });
    add.focus();
    fireEvent.keyDown(add, { key: "z" });
    await settle();
    expect(screen.getByRole("dialog", { name: "Card" }).textContent).toContain("This card could not be loaded.");
    expect(screen.queryByRole("link", { name: "Open the card page" })).toBeNull();
  });

  it("asks again after a network failure instead of caching it", async () => {
    page("DEMO-OFFLINE");
    const add = screen.getByRole("button", { name: "Add" });
    add.focus();
    fireEvent.keyDown(add, { key: "z" });
    await settle();
    expect(screen.getByText("This card could not be loaded.")).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    fireEvent.keyDown(add, { key: "z" });
    await settle();
    expect(requests.filter((r) => r.endsWith("DEMO-OFFLINE"))).toHaveLength(2);
  });
});

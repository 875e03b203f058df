// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LookupCardDTO, PackOpeningDTO } from "@/lib/collection/types";
import type { ActionResult } from "@/lib/server/action-result";

const actions = vi.hoisted(() => ({
  savePackOpening: vi.fn<(prev: unknown, form: FormData) => Promise<ActionResult<PackOpeningDTO>>>(),
  undoLastPack: vi.fn<(prev: unknown, form: FormData) => Promise<ActionResult<PackOpeningDTO>>>(),
}));
vi.mock("@/lib/collection/actions", () => actions);

const { BoosterEntry } = await import("./booster-entry");
const { packKey } = await import("./pack-store");

const CATALOG: LookupCardDTO[] = [
  { id: "c1", key: "DEMO-001", set: "DEMO", number: 1, title: "Sonic the Hedgehog", colors: ["blue"], rarity: "rare", owned: 2 },
  { id: "c2", key: "DEMO-002", set: "DEMO", number: 2, title: "Sonic Boom", colors: ["blue", "red"], rarity: "common", owned: 0 },
  { id: "c7", key: "DEMO-007", set: "DEMO", number: 7, title: "Knuckles", colors: ["red"], rarity: "common", owned: 1 },
];

/** The lookup API: cards whose number or title matches the term. */
function lookup(term: string): LookupCardDTO[] {
  const t = term.toLowerCase();
  const n = /^\d+$/.test(t) ? Number(t) : null;
  return CATALOG.filter((c) => (n !== null ? c.number === n : c.title.toLowerCase().includes(t)));
}

const fetchMock = vi.fn(async (url: string) => {
  const q = new URL(url, "http://x").searchParams.get("q") ?? "";
  if (q === "boom!") return new Response(JSON.stringify({ error: { code: "rate-limited", message: "Too many lookups: wait a moment." } }), { status: 429 });
  if (q === "crash") return new Response("nope", { status: 500 });
  return new Response(JSON.stringify({ cards: lookup(q) }), { status: 200 });
});

const USER = "u-test";
beforeEach(() => {
  window.localStorage.clear();
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockClear();
  actions.savePackOpening.mockReset();
  actions.undoLastPack.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(isAdmin = false) {
  render(<BoosterEntry userId={USER} isAdmin={isAdmin} defaultSet="DEMO" />);
  return screen.getByRole("combobox", { name: "Card number or title" });
}

async function typeAndWait(box: HTMLElement, term: string) {
  fireEvent.change(box, { target: { value: term } });
  await waitFor(() => expect(box.getAttribute("aria-expanded")).toBe("true"));
}

function packList() {
  return screen.queryByRole("list", { name: "Cards in this pack" });
}

describe("BoosterEntry", () => {
  it("starts empty with Save disabled", () => {
    setup();
    expect(screen.getByText("No cards yet. Start typing on the left.")).toBeTruthy();
    expect(screen.getByTestId("pack-count").textContent).toBe("0 / 10 cards");
    expect((screen.getByRole("button", { name: "Save pack (0 cards)" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("looks a number up after a pause and adds the active option with Enter", async () => {
    const box = setup();
    await typeAndWait(box, "7");
    expect(fetchMock).toHaveBeenCalledWith("/api/collection/lookup?q=7", expect.objectContaining({ headers: { accept: "application/json" } }));
    const option = screen.getByRole("option", { selected: true });
    expect(option.textContent).toContain("DEMO-007");
    expect(option.textContent).toContain("own 1");
    expect(box.getAttribute("aria-activedescendant")).toBe(option.id);
    fireEvent.keyDown(box, { key: "Enter" });
    expect((box as HTMLInputElement).value).toBe("");
    expect(within(packList()!).getByText("Knuckles")).toBeTruthy();
    expect(screen.getByTestId("booster-announcement").textContent).toBe("Added Knuckles (DEMO-007). 1 of 10.");
    expect(screen.getByTestId("pack-size-warning").textContent).toContain("this one has 1");
    // kept in this browser, per account
    expect(JSON.parse(window.localStorage.getItem(packKey(USER))!)).toHaveLength(1);
  });

  it("chooses among title matches with the arrow keys and the mouse", async () => {
    const box = setup();
    await typeAndWait(box, "sonic");
    expect(screen.getAllByRole("option")).toHaveLength(2);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(screen.getByRole("option", { selected: true }).textContent).toContain("Sonic Boom");
    fireEvent.keyDown(box, { key: "ArrowUp" });
    expect(screen.getByRole("option", { selected: true }).textContent).toContain("Sonic the Hedgehog");
    fireEvent.mouseEnter(screen.getAllByRole("option")[1]);
    expect(screen.getByRole("option", { selected: true }).textContent).toContain("Sonic Boom");
    fireEvent.click(screen.getAllByRole("option")[1]);
    expect(within(packList()!).getByText("Sonic Boom")).toBeTruthy();
  });

  it("takes the best match when Enter comes before the lookup's answer", async () => {
    const box = setup();
    fireEvent.change(box, { target: { value: "1" } });
    await act(async () => {
      fireEvent.keyDown(box, { key: "Enter" });
    });
    await waitFor(() => expect(packList()).not.toBeNull());
    expect(within(packList()!).getByText("Sonic the Hedgehog")).toBeTruthy();
  });

  it("opens the list instead when an early Enter finds no card", async () => {
    const box = setup();
    fireEvent.change(box, { target: { value: "999" } });
    await act(async () => {
      fireEvent.keyDown(box, { key: "Enter" });
    });
    await waitFor(() => expect(screen.getByRole("option").textContent).toBe("DEMO-999 is not in the catalog: suggest it (opens a new tab)"));
    expect(packList()).toBeNull();
  });

  it("offers to suggest a missing number, in a new tab, keeping the pack", async () => {
    const open = vi.fn();
    vi.stubGlobal("open", open);
    const box = setup();
    await typeAndWait(box, "999");
    expect(screen.getByRole("link", { name: "Suggest it" }).getAttribute("href")).toBe("/census/new?set=DEMO&number=999");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(open).toHaveBeenCalledWith("/census/new?set=DEMO&number=999", "_blank", "noopener");
    expect(screen.getByTestId("booster-announcement").textContent).toMatch(/^Opened in a new tab/);
  });

  it("offers admins the add-card form instead", async () => {
    const box = setup(true);
    await typeAndWait(box, "999");
    expect(screen.getByRole("option").textContent).toBe("DEMO-999 is not in the catalog: add it (opens a new tab)");
    expect(screen.getByRole("link", { name: "Add it to the catalog" }).getAttribute("href")).toBe("/admin/cards/new?set=DEMO&number=999");
  });

  it("shows the lookup's error message, or its status", async () => {
    const box = setup();
    fireEvent.change(box, { target: { value: "boom!" } });
    expect((await screen.findByRole("alert")).textContent).toBe("Too many lookups: wait a moment.");
    fireEvent.change(box, { target: { value: "crash" } });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Lookup failed (500)."));
  });

  it("Escape closes the list, then clears the box; Backspace in the empty box removes the last card", async () => {
    const box = setup();
    await typeAndWait(box, "1");
    fireEvent.keyDown(box, { key: "Enter" });
    await typeAndWait(box, "2");
    fireEvent.keyDown(box, { key: "Enter" });
    await typeAndWait(box, "7");
    fireEvent.keyDown(box, { key: "Escape" });
    expect(box.getAttribute("aria-expanded")).toBe("false");
    expect((box as HTMLInputElement).value).toBe("7");
    fireEvent.keyDown(box, { key: "Escape" });
    expect((box as HTMLInputElement).value).toBe("");
    expect(screen.getByTestId("pack-count").textContent).toBe("2 / 10 cards");
    fireEvent.keyDown(box, { key: "Backspace" });
    expect(screen.getByTestId("pack-count").textContent).toBe("1 / 10 cards");
    expect(screen.getByTestId("booster-announcement").textContent).toBe("Removed Sonic Boom (DEMO-002). 1 of 10.");
  });

  it("removes one card by its button and clears the pack", async () => {
    const box = setup();
    for (const n of ["1", "1", "7"]) {
      await typeAndWait(box, n);
      fireEvent.keyDown(box, { key: "Enter" });
    }
    fireEvent.click(screen.getByRole("button", { name: "Remove Sonic the Hedgehog (DEMO-001), card 2" }));
    expect(screen.getByTestId("pack-count").textContent).toBe("2 / 10 cards");
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.getByTestId("pack-count").textContent).toBe("0 / 10 cards");
    expect(screen.getByTestId("booster-announcement").textContent).toBe("Cleared the pack.");
    expect(window.localStorage.getItem(packKey(USER))).toBeNull();
  });

  it("keeps the pack across a reload and refuses a card beyond the entry limit", async () => {
    const slots = Array.from({ length: 30 }, (_, i) => ({ uid: `u${i}`, card: CATALOG[0] }));
    window.localStorage.setItem(packKey(USER), JSON.stringify(slots));
    const box = setup();
    expect(screen.getByTestId("pack-count").textContent).toBe("30 / 10 cards");
    await typeAndWait(box, "7");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(screen.getByTestId("booster-announcement").textContent).toBe("A pack entry holds at most 30 cards.");
    expect(screen.getByTestId("pack-count").textContent).toBe("30 / 10 cards");
  });

  it("saves the pack's card ids, empties it and offers undo", async () => {
    actions.savePackOpening.mockResolvedValue({ ok: true, data: { id: "p1", createdAt: "", undoneAt: null, cardCount: 2, cards: [], canUndo: true }, message: "Saved a pack of 2 cards." });
    const box = setup();
    for (const n of ["1", "7"]) {
      await typeAndWait(box, n);
      fireEvent.keyDown(box, { key: "Enter" });
    }
    // Ctrl+Enter in the box saves
    await act(async () => {
      fireEvent.keyDown(box, { key: "Enter", ctrlKey: true });
    });
    await waitFor(() => expect(screen.getByText("Saved a pack of 2 cards.")).toBeTruthy());
    const form = actions.savePackOpening.mock.calls[0][1];
    expect(form.getAll("cardId")).toEqual(["c1", "c7"]);
    expect(screen.getByTestId("pack-count").textContent).toBe("0 / 10 cards");
    expect(screen.getByRole("button", { name: "Undo last pack (2 cards)" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "pack history" }).getAttribute("href")).toBe("/collection/history");
  });

  it("keeps the pack and shows why when saving fails", async () => {
    actions.savePackOpening.mockResolvedValue({ ok: false, message: "Please sign in first." });
    const box = setup();
    await typeAndWait(box, "7");
    fireEvent.keyDown(box, { key: "Enter" });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save pack (1 card)" }));
    });
    await waitFor(() => expect(screen.getByText("Please sign in first.")).toBeTruthy());
    expect(screen.getByTestId("pack-count").textContent).toBe("1 / 10 cards");
  });

  it("asks again when the tab regains focus", async () => {
    const box = setup();
    await typeAndWait(box, "7");
    const calls = fetchMock.mock.calls.length;
    act(() => {
      window.dispatchEvent(new Event("focus"));
    });
    await waitFor(() => expect(fetchMock.mock.calls.length).toBe(calls + 1));
  });
});

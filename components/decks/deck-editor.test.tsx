// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CardDTO } from "@/lib/catalog/card-types";
import type { Color } from "@/lib/catalog/colors";
import type { DeckDTO, DeckVersionDTO } from "@/lib/decks/types";
import { checkEntries } from "@/lib/decks";

const router = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn() }));
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/decks/d1", useSearchParams: () => new URLSearchParams() }));
const actions = vi.hoisted(() => ({
  saveDeckAction: vi.fn(),
  searchCardsForEditor: vi.fn(),
  setVisibilityAction: vi.fn(),
  restoreVersionAction: vi.fn(),
  previewImportAction: vi.fn(),
  applyImportAction: vi.fn(),
}));
vi.mock("@/lib/decks/actions", () => actions);

const { DeckEditor } = await import("./deck-editor");

function card(n: number, title: string, colors: Color[] = ["blue"], rings = 3, traits = ["Hero"]): CardDTO {
  const key = `DEMO-${String(n).padStart(3, "0")}`;
  return { id: `c${n}`, set: "DEMO", setName: "Demo", unofficial: true, number: n, key, title, traits, colors, rings, rarity: "common", text: "", effect: null, imageUrl: null };
}
const SONIC = card(1, "Sonic the Hedgehog", ["blue"], 3, ["Hedgehog", "Hero"]);
const TAILS = card(2, "Tails", ["yellow"], 2, ["Fox", "Hero"]);
const KNUCKLES = card(7, "Knuckles", ["red"], 5, ["Echidna"]);
const AMY = card(9, "Amy Rose", ["red", "blue"], 4, ["Hedgehog"]);

function deckOf(entries: { card: CardDTO; quantity: number }[], over: Partial<DeckDTO> = {}): DeckDTO {
  return {
    id: "d1",
    name: "Speed",
    description: "",
    visibility: "private",
    shareSlug: "s-speed",
    version: 3,
    ownerName: "Ann",
    ownerId: "u1",
    isOwner: true,
    updatedAt: "2026-11-30T12:00:00Z",
    entries: entries.map((e) => ({ ...e, owned: null })),
    check: checkEntries(entries),
    ...over,
  };
}

const VERSIONS: DeckVersionDTO[] = [
  { version: 3, name: "Speed", authorName: "Ann", createdAt: "2026-11-30T12:00:00Z", total: 3, diff: [], diffText: "+1 Tails", changesText: "+1 Tails", legal: false, legalSummary: "3 cards: at least 30 needed.", restoreText: "no changes" },
  { version: 2, name: "Speed", authorName: "Ann", createdAt: "2026-11-29T12:00:00Z", total: 2, diff: [], diffText: "+2 Sonic", changesText: "+2 Sonic", legal: false, legalSummary: "2 cards: at least 30 needed.", restoreText: "−1 Tails" },
];

const FACETS = { traits: ["Hero", "Hedgehog"], sets: ["DEMO"] };
const ALL = [SONIC, TAILS, KNUCKLES, AMY];
/** The user's copies the search action reports with its results. */
const OWNED: Record<string, number> = { c1: 1, c2: 3 };

beforeEach(() => {
  window.localStorage.clear();
  for (const f of Object.values(actions)) f.mockReset();
  for (const f of Object.values(router)) f.mockReset();
  actions.searchCardsForEditor.mockImplementation(async (q: string, onlyOwned: boolean, take: number) => {
    const list = ALL.filter((c) => c.title.toLowerCase().includes(q.toLowerCase())).filter((c) => !onlyOwned || c.id === "c1");
    return { ok: true, data: { cards: list.slice(0, take), owned: Object.fromEntries(list.filter((c) => OWNED[c.id]).map((c) => [c.id, OWNED[c.id]])), total: list.length } };
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function renderEditor(deck = deckOf([{ card: SONIC, quantity: 2 }, { card: TAILS, quantity: 1 }]), owned: Record<string, number> = { c1: 1, c2: 3 }) {
  const view = render(<DeckEditor deck={deck} owned={owned} versions={VERSIONS} facets={FACETS} />);
  await waitFor(() => expect(screen.getByText(/^4 shown$/)).toBeTruthy());
  return view;
}

function entryQuantity(key: string) {
  const li = screen.getAllByTestId("deck-entry").find((e) => e.dataset.cardZoom === key);
  return li ? within(li).getByTestId("entry-quantity").textContent : null;
}

describe("DeckEditor", () => {
  it("shows the saved deck: entries, owned and missing counts, legality and version", async () => {
    await renderEditor();
    // the page's one h1 (focus lands on it after a page change: components/site/route-focus.tsx)
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([expect.stringMatching(/^Edit deck /)]);
    expect(screen.getByRole("link", { name: "Complete from my collection" }).getAttribute("href")).toBe("/lab/complete?deck=deck%3Ad1");
    expect(entryQuantity("DEMO-001")).toBe("2");
    expect(entryQuantity("DEMO-002")).toBe("1");
    const sonic = screen.getAllByTestId("deck-entry")[0];
    expect(sonic.textContent).toContain("missing 1");
    expect(screen.getAllByTestId("deck-entry")[1].textContent).toContain("own 3");
    expect(screen.getByTestId("legality").textContent).toContain("Not legal");
    expect(screen.getByTestId("save-status").textContent).toContain("Version 3 · all changes saved");
    expect((screen.getByRole("button", { name: "Saved" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("link", { name: "Practice" }).getAttribute("href")).toBe("/playtest?deck=d1");
    expect((screen.getByLabelText("Cards you still need (copy this list)") as HTMLTextAreaElement).value).toBe("1 Sonic the Hedgehog [DEMO-001]");
    expect((screen.getByTestId("export-text") as HTMLTextAreaElement).value).toContain("2 Sonic the Hedgehog [DEMO-001]");
    expect(screen.getByTestId("deck-code-link").getAttribute("href")).toMatch(/^\/d\/code\//);
  });

  it("adds from the search results and with Enter, removes with −, and keeps unsaved work on this device", async () => {
    await renderEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Knuckles DEMO-007" }));
    expect(entryQuantity("DEMO-007")).toBe("1");
    expect(screen.getByTestId("editor-notice").textContent).toBe("Added Knuckles [DEMO-007].");
    expect(screen.getByTestId("save-status").textContent).toContain("unsaved changes");
    expect(screen.getByText("Playtest").getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Remove one Sonic the Hedgehog DEMO-001" }));
    expect(entryQuantity("DEMO-001")).toBe("1");
    fireEvent.click(screen.getByRole("button", { name: "Add one Tails DEMO-002" }));
    expect(entryQuantity("DEMO-002")).toBe("2");
    const stored = JSON.parse(window.localStorage.getItem("ringbinder:draft:deck:d1")!);
    expect(stored.value.entries.map((e: { card: CardDTO; quantity: number }) => [e.card.key, e.quantity])).toEqual([
      ["DEMO-007", 1],
      ["DEMO-001", 1],
      ["DEMO-002", 2],
    ]);
    // Enter in the search box, on the query the results show, adds the first result
    const box = screen.getByRole("searchbox", { name: "Search the catalog" });
    vi.useFakeTimers();
    fireEvent.change(box, { target: { value: "amy" } });
    act(() => vi.advanceTimersByTime(300));
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByText(/^1 shown$/)).toBeTruthy());
    fireEvent.keyDown(box, { key: "Enter" });
    expect(entryQuantity("DEMO-009")).toBe("1");
  });

  it("one Enter adds the first result even when typed faster than the search", async () => {
    await renderEditor();
    const box = screen.getByRole("searchbox", { name: "Search the catalog" });
    fireEvent.change(box, { target: { value: "amy" } });
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(entryQuantity("DEMO-009")).toBe("1"));
    // and only once: the results arriving again add nothing more
    fireEvent.change(box, { target: { value: "amy " } });
    await waitFor(() => expect(screen.getByText(/^1 shown$/)).toBeTruthy());
    expect(entryQuantity("DEMO-009")).toBe("1");
  });

  it("refuses a sixth copy of a title and says why", async () => {
    await renderEditor(deckOf([{ card: SONIC, quantity: 5 }]));
    const plus = screen.getByRole("button", { name: "Add one Sonic the Hedgehog DEMO-001" });
    expect(plus.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(plus);
    expect(entryQuantity("DEMO-001")).toBe("5");
    expect(screen.getByTestId("editor-notice").textContent).toMatch(/5/);
  });

  it("saves the list with the version it is based on, and shows the result", async () => {
    actions.saveDeckAction.mockResolvedValue({ ok: true, data: { version: 4, check: { legal: false } }, message: "Saved version 4." });
    await renderEditor();
    fireEvent.change(screen.getByLabelText("Deck name"), { target: { value: "Speed II" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    await waitFor(() => expect(screen.getByTestId("save-message").textContent).toBe("Saved version 4. Saved as a draft: not legal yet."));
    expect(actions.saveDeckAction).toHaveBeenCalledWith({
      deckId: "d1",
      expectedVersion: 3,
      name: "Speed II",
      description: "",
      cards: [
        { cardId: "c1", quantity: 2 },
        { cardId: "c2", quantity: 1 },
      ],
    });
    expect(screen.getByTestId("save-status").textContent).toContain("Version 4 · all changes saved");
    expect(window.localStorage.getItem("ringbinder:draft:deck:d1")).toBeNull();
    expect(router.refresh).toHaveBeenCalled();
  });

  it("shows a conflict with the saved version and can load it or save over it", async () => {
    actions.saveDeckAction.mockResolvedValueOnce({
      ok: false,
      message: "This deck changed elsewhere.",
      code: "deck/conflict",
      current: { version: 5, name: "Other name", description: "", diff: [{ title: "Knuckles", key: "DEMO-007", delta: 2 }] },
    });
    await renderEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Knuckles DEMO-007" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    const conflict = await screen.findByTestId("conflict");
    expect(conflict.textContent).toContain("now version 5");
    expect(conflict.textContent).toContain("saved name: “Other name”");
    expect(screen.getByTestId("save-message").textContent).toBe("This deck changed elsewhere.");
    actions.saveDeckAction.mockResolvedValueOnce({ ok: true, data: { version: 6, check: { legal: false } }, message: "Saved version 6." });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Keep mine and save over it" }));
    });
    await waitFor(() => expect(screen.queryByTestId("conflict")).toBeNull());
    expect(actions.saveDeckAction.mock.calls[1][0].expectedVersion).toBe(5);
  });

  it("loading the saved version after a conflict drops the edits", async () => {
    actions.saveDeckAction.mockResolvedValueOnce({ ok: false, message: "Changed elsewhere.", code: "deck/conflict", current: { version: 5, name: "Speed", description: "", diff: [] } });
    await renderEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Knuckles DEMO-007" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    fireEvent.click(await screen.findByRole("button", { name: "Load the saved version" }));
    expect(entryQuantity("DEMO-007")).toBeNull();
    expect(screen.getByTestId("save-message").textContent).toBe("Loaded the saved version.");
  });

  it("offers a draft kept from an earlier visit, and restores or discards it", async () => {
    const draft = { baseVersion: 2, name: "Draft name", description: "", entries: [{ card: KNUCKLES, quantity: 3 }] };
    window.localStorage.setItem("ringbinder:draft:deck:d1", JSON.stringify({ savedAt: Date.now() - 5 * 60_000, value: draft }));
    const view = await renderEditor();
    const offer = screen.getByTestId("draft-offer");
    expect(offer.textContent).toContain("Unsaved changes from 5 minutes ago");
    expect(offer.textContent).toContain("3 cards, named “Draft name”, made on version 2 (the deck is now version 3)");
    fireEvent.click(screen.getByRole("button", { name: "Restore my changes" }));
    expect(entryQuantity("DEMO-007")).toBe("3");
    expect((screen.getByLabelText("Deck name") as HTMLInputElement).value).toBe("Draft name");
    expect(screen.getByTestId("editor-notice").textContent).toContain("made on version 2");
    view.unmount();
    await renderEditor();
    fireEvent.click(screen.getByRole("button", { name: "Discard them" }));
    expect(screen.queryByTestId("draft-offer")).toBeNull();
    expect(window.localStorage.getItem("ringbinder:draft:deck:d1")).toBeNull();
  });

  it("autosaves after a pause when chosen, and remembers the choice", async () => {
    actions.saveDeckAction.mockResolvedValue({ ok: true, data: { version: 4, check: { legal: true } }, message: "Saved version 4." });
    await renderEditor();
    fireEvent.click(screen.getByLabelText("Autosave"));
    expect(window.localStorage.getItem("ringbinder:deck-autosave")).toBe("on");
    expect(screen.getByTestId("save-status").textContent).toContain("Autosave on");
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole("button", { name: "Add Knuckles DEMO-007" }));
    expect(actions.saveDeckAction).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1600);
    });
    vi.useRealTimers();
    await waitFor(() => expect(actions.saveDeckAction).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId("save-message").textContent).toBe("Saved version 4. Legal."));
  });

  it("groups the list by color, rings and trait", async () => {
    await renderEditor(deckOf([{ card: SONIC, quantity: 2 }, { card: TAILS, quantity: 1 }, { card: AMY, quantity: 1 }]));
    const group = screen.getByRole("combobox", { name: "Group by" });
    fireEvent.change(group, { target: { value: "color" } });
    expect(screen.getByRole("list", { name: "blue cards" }).textContent).toContain("Sonic");
    expect(screen.getByRole("list", { name: "multi-color cards" }).textContent).toContain("Amy Rose");
    fireEvent.change(group, { target: { value: "rings" } });
    expect(screen.getByRole("list", { name: "2 rings cards" }).textContent).toContain("Tails");
    fireEvent.change(group, { target: { value: "trait" } });
    const hedgehogs = screen.getByRole("list", { name: "Hedgehog cards" });
    expect(within(hedgehogs).getAllByTestId("deck-entry").map((e) => e.dataset.cardZoom).sort()).toEqual(["DEMO-001", "DEMO-009"]);
    expect(screen.getByRole("list", { name: "Fox cards" }).textContent).toContain("Tails");
  });

  it("adds a card dropped on the deck", async () => {
    await renderEditor();
    const data = new Map<string, string>();
    const dataTransfer = { types: ["application/x-ringbinder-card"], setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? "", dropEffect: "", effectAllowed: "" };
    fireEvent.dragStart(screen.getByRole("button", { name: "Add Knuckles DEMO-007" }), { dataTransfer });
    const zone = screen.getByTestId("deck-drop-zone");
    fireEvent.dragOver(zone, { dataTransfer });
    expect(zone.className).toContain("ring-4");
    fireEvent.drop(zone, { dataTransfer });
    expect(zone.className).not.toContain("ring-4");
    expect(entryQuantity("DEMO-007")).toBe("1");
  });

  it("previews the description as markdown (the renderer loads on first use)", async () => {
    await renderEditor();
    fireEvent.change(screen.getByLabelText("Description (markdown)"), { target: { value: "**Fast** [rules](https://example.org)" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect((await screen.findByText("Fast", {}, { timeout: 10_000 })).tagName).toBe("STRONG");
    expect(screen.getByRole("link", { name: "rules" }).getAttribute("rel")).toBe("nofollow noopener noreferrer");
    fireEvent.click(screen.getByRole("button", { name: "Edit" }));
    expect(screen.getByLabelText("Description (markdown)")).toBeTruthy();
  });

  it("says when the search finds nothing, or fails, and narrows to owned cards", async () => {
    await renderEditor();
    fireEvent.click(screen.getByLabelText("Only cards I own"));
    await waitFor(() => expect(screen.getByText(/^1 shown$/)).toBeTruthy());
    actions.searchCardsForEditor.mockResolvedValueOnce({ ok: true, data: { cards: [], owned: {}, total: 0 } });
    fireEvent.click(screen.getByLabelText("Only cards I own"));
    await waitFor(() => expect(screen.getByText("No card matches.")).toBeTruthy());
    actions.searchCardsForEditor.mockResolvedValueOnce({ ok: false, message: "Too many searches: wait a moment." });
    fireEvent.click(screen.getByLabelText("Only cards I own"));
    await waitFor(() => expect(screen.getByText("Too many searches: wait a moment.")).toBeTruthy());
  });

  it("fetches more results on Show more", async () => {
    const many = Array.from({ length: 70 }, (_, i) => card(100 + i, `Badnik ${i}`));
    actions.searchCardsForEditor.mockImplementation(async (_q: string, _o: boolean, take: number) => ({ ok: true, data: { cards: many.slice(0, take), owned: {}, total: many.length } }));
    render(<DeckEditor deck={deckOf([])} owned={{}} versions={[]} facets={FACETS} />);
    await waitFor(() => expect(screen.getByText("60 shown of 70")).toBeTruthy());
    expect(screen.getByText("No cards yet. Search on the left and click, press Enter or drag cards here.")).toBeTruthy();
    expect(screen.getByText("Add cards to see the ring curve, colors, traits and draw odds.")).toBeTruthy();
    // (getByText: role queries over 60 results are slow in jsdom)
    await waitFor(() => expect(screen.getByTestId("search-results").lastElementChild!.textContent).toBe("Show 10 more"));
    fireEvent.click(screen.getByText("Show 10 more"));
    await waitFor(() => expect(screen.getByText("70 shown")).toBeTruthy());
    expect(actions.searchCardsForEditor).toHaveBeenLastCalledWith("", false, 120);
  });

  it("restores an older version after confirmation", async () => {
    actions.restoreVersionAction.mockResolvedValue({ ok: true, data: { version: 4 }, message: "Restored version 2 as version 4." });
    await renderEditor();
    fireEvent.click(screen.getByRole("button", { name: "Restore version 2" }));
    const confirm = screen.getByRole("group", { name: "Confirm restoring version 2" });
    expect(confirm.textContent).toContain("compared with now: −1 Tails");
    await act(async () => {
      fireEvent.click(within(confirm).getByRole("button", { name: "Yes, restore version 2" }));
    });
    await waitFor(() => expect(screen.getByText("Restored version 2 as version 4.")).toBeTruthy());
    expect(actions.restoreVersionAction).toHaveBeenCalledWith({ deckId: "d1", version: 2, expectedVersion: 3 });
    expect(router.refresh).toHaveBeenCalled();
  });

  it("changes who can see the deck and shows the share link", async () => {
    actions.setVisibilityAction.mockResolvedValue({ ok: true, data: { visibility: "unlisted" }, message: "Anyone with the link can see this deck." });
    const deck = deckOf([{ card: SONIC, quantity: 2 }]);
    const view = await renderEditor(deck);
    expect(screen.getByText(/Sharing needs a legal saved deck/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByLabelText("Unlisted: anyone with the link"));
    });
    await waitFor(() => expect(screen.getByText("Anyone with the link can see this deck.")).toBeTruthy());
    expect(actions.setVisibilityAction).toHaveBeenCalledWith({ deckId: "d1", visibility: "unlisted" });
    // the page comes back with the saved visibility
    view.rerender(<DeckEditor deck={{ ...deck, visibility: "unlisted" }} owned={{}} versions={VERSIONS} facets={FACETS} />);
    expect((screen.getByTestId("share-link") as HTMLInputElement).value).toBe(`${window.location.origin}/d/s-speed`);
    actions.setVisibilityAction.mockResolvedValue({ ok: false, message: "Only a legal deck can be shared." });
    await act(async () => {
      fireEvent.click(screen.getByLabelText("Public: listed in public decks"));
    });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Only a legal deck can be shared."));
  });

  it("previews an import and replaces the deck's cards", async () => {
    actions.previewImportAction.mockResolvedValueOnce({ ok: false, message: "Some lines could not be read.", fieldErrors: { text: ["Line 1: no card DEMO-999"] } });
    await renderEditor();
    const box = screen.getByLabelText(/^Paste a deck: Ringbinder text or JSON/);
    fireEvent.change(box, { target: { value: "1 Nobody [DEMO-999]" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Preview import" }));
    });
    await waitFor(() => expect(screen.getByTestId("import-errors").textContent).toBe("Line 1: no card DEMO-999"));
    actions.previewImportAction.mockResolvedValueOnce({ ok: true, data: { cards: [{ card: KNUCKLES, quantity: 2 }], check: checkEntries([{ card: KNUCKLES, quantity: 2 }]), format: "Moxfield CSV" } });
    fireEvent.change(box, { target: { value: "2 Knuckles [DEMO-007]" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Preview import" }));
    });
    await waitFor(() => expect(screen.getByTestId("import-preview").textContent).toContain("2 Knuckles [DEMO-007]"));
    expect(screen.getByTestId("import-format").textContent).toBe("Read as Moxfield CSV. Nothing is saved until you confirm.");
    actions.applyImportAction.mockResolvedValueOnce({ ok: true, data: { id: "d1", version: 4 }, message: "Cards replaced (version 4)." });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Replace cards" }));
    });
    await waitFor(() => expect(screen.getByText("Cards replaced (version 4).")).toBeTruthy());
    expect(actions.applyImportAction).toHaveBeenCalledWith({ format: "auto", text: "2 Knuckles [DEMO-007]" }, { mode: "replace", deckId: "d1", expectedVersion: 3 });
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CardDTO } from "@/lib/catalog/card-types";
import type { Color } from "@/lib/catalog/colors";
import { checkDeck, formatDeckCockatrice, formatDeckJson, formatDeckText, ruleCatalog } from "@/lib/decks";

const actions = vi.hoisted(() => ({
  copyDeckAction: vi.fn(),
  copyDeckCodeAction: vi.fn(),
  createFromStarterAction: vi.fn(),
  createDeckAction: vi.fn(),
  deleteDeckAction: vi.fn(),
}));
vi.mock("@/lib/decks/actions", () => actions);
vi.mock("@/lib/community/actions", () => ({ recordDeckViewAction: vi.fn() }));
// who is signed in comes from the browser (GET /api/me): a stand-in switch says it here
const session = vi.hoisted(() => ({ signedIn: true }));
vi.mock("@/components/accounts/current-user", () => ({
  SignedInSwitch: ({ children, guest }: { children: React.ReactNode; guest: React.ReactNode }) => (session.signedIn ? children : guest),
  SignedInOnly: ({ children }: { children: React.ReactNode }) => (session.signedIn ? children : null),
  useCurrentUser: () => ({ status: "ready", user: session.signedIn ? { displayName: "ann", role: "user" } : null }),
}));

const { DeckView } = await import("./deck-view");
const { NewDeckForm, DeckRowActions } = await import("./deck-list-forms");

function card(n: number, title: string, colors: Color[], rings: number, traits: string[]): CardDTO {
  return { id: `c${n}`, set: "DEMO", setName: "Demo", unofficial: true, number: n, key: `DEMO-${String(n).padStart(3, "0")}`, title, traits, colors, rings, rarity: "common", text: "", effect: null, imageUrl: null };
}
// 31 cards: legal
const ENTRIES = [
  { card: card(1, "Sonic", ["blue"], 3, ["Hero"]), quantity: 5, owned: 2 },
  { card: card(2, "Tails", ["yellow"], 2, ["Fox", "Hero"]), quantity: 5, owned: null },
  { card: card(3, "Knuckles", ["red"], 5, ["Echidna"]), quantity: 5, owned: null },
  { card: card(4, "Amy", ["red", "blue"], 4, ["Hedgehog"]), quantity: 5, owned: null },
  { card: card(5, "Cream", ["yellow"], 1, ["Rabbit"]), quantity: 5, owned: null },
  { card: card(6, "Big", ["gray"], 6, ["Cat"]), quantity: 5, owned: null },
  { card: card(7, "Chao", ["gray"], 0, ["Chao"]), quantity: 1, owned: null },
];
function checkOf(entries: { card: CardDTO; quantity: number }[]) {
  return checkDeck(
    entries.map((e) => ({ cardId: e.card.id, quantity: e.quantity })),
    ruleCatalog(entries.map((e) => e.card)),
  );
}
const check = checkOf(ENTRIES);

beforeEach(() => {
  for (const f of Object.values(actions)) f.mockReset();
});
afterEach(cleanup);

/** A Blob's text (jsdom's Blob has no text()). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsText(blob);
  });
}

function view(over: Partial<Parameters<typeof DeckView>[0]> & { signedIn?: boolean } = {}) {
  session.signedIn = over.signedIn ?? true;
  return render(
    <DeckView
      name="Speed"
      byline="by ann · updated today"
      author={{ name: "ann", href: "/authors/u1" }}
      description="Go **fast**."
      entries={ENTRIES}
      check={check}
      copySource={{ slug: "s-speed" }}
      playtestQuery="deck=s-speed"
      returnTo="/d/s-speed"
      {...over}
    />,
  );
}

describe("DeckView", () => {
  it("shows a legal shared deck: cards, legality, playtest and lab links, description, export", () => {
    view();
    expect(screen.getByTestId("deck-name").textContent).toBe("Speed");
    expect(screen.getByRole("link", { name: "More decks by ann" }).getAttribute("href")).toBe("/authors/u1");
    expect(screen.getByTestId("legality").textContent).toContain("Legal");
    expect(screen.getByRole("link", { name: "Playtest this deck" }).getAttribute("href")).toBe("/playtest?deck=s-speed");
    expect(screen.getByTestId("test-deck-link").getAttribute("href")).toBe("/lab?you=slug%3As-speed");
    expect(screen.getByRole("link", { name: "Complete from my collection" }).getAttribute("href")).toBe("/lab/complete?deck=slug%3As-speed");
    expect(within(screen.getByRole("region", { name: "Description" })).getByText("fast").tagName).toBe("STRONG");
    expect(within(screen.getByRole("list", { name: "Cards in the deck" })).getAllByLabelText("5 copies")).toHaveLength(6);
    expect((screen.getByTestId("export-text") as HTMLTextAreaElement).value).toContain("5 Sonic [DEMO-001]");
    expect(screen.getByTestId("deck-code-link").getAttribute("href")).toMatch(/^\/d\/code\/.+/);
  });

  it("asks guests to sign in to copy, and offers no playtest for an illegal deck", () => {
    const few = ENTRIES.slice(0, 2);
    view({ signedIn: false, entries: few, check: checkOf(few), copySource: { code: "abc" }, notice: "This deck is not legal." });
    expect(screen.getByRole("link", { name: "Sign in to copy this deck" }).getAttribute("href")).toBe("/signin?callbackUrl=%2Fd%2Fs-speed");
    expect(screen.queryByRole("link", { name: "Playtest this deck" })).toBeNull();
    expect(screen.getByText("Playtest this deck").getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByText("This deck is not legal.")).toBeTruthy();
    expect(screen.getByTestId("test-deck-link").getAttribute("href")).toBe("/lab?you=code%3Aabc");
  });

  it("copies a shared deck to my decks and shows a refusal", async () => {
    actions.copyDeckAction.mockResolvedValue({ ok: false, message: "You have too many decks." });
    view();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy to my decks" }));
    });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("You have too many decks."));
    expect(actions.copyDeckAction.mock.calls[0][1].get("slug")).toBe("s-speed");
  });

  it("copies a starter deck through its own action", async () => {
    actions.createFromStarterAction.mockResolvedValue({ ok: false, message: "Please sign in first." });
    view({ copySource: { starter: "team-sonic-speed" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy to my decks" }));
    });
    await waitFor(() => expect(actions.createFromStarterAction).toHaveBeenCalled());
    expect(actions.createFromStarterAction.mock.calls[0][1].get("slug")).toBe("team-sonic-speed");
  });

  it("answers draw-odds questions by title, color, trait and ring range", () => {
    view();
    const odds = () => screen.getByTestId("draw-odds").textContent;
    const kind = screen.getByLabelText("Odds of drawing");
    const which = () => screen.getByLabelText(/^Which/) as HTMLSelectElement;
    expect(which().value).toBe("Amy");
    expect(screen.getByText("Which (5 cards)")).toBeTruthy();
    const byTitle = odds();
    fireEvent.change(kind, { target: { value: "color" } });
    expect(which().value).toBe("blue");
    expect(screen.getByText("Which (10 cards)")).toBeTruthy();
    expect(odds()).not.toBe(byTitle);
    fireEvent.change(kind, { target: { value: "trait" } });
    fireEvent.change(which(), { target: { value: "Hero" } });
    expect(screen.getByText("Which (10 cards)")).toBeTruthy();
    fireEvent.change(kind, { target: { value: "rings" } });
    fireEvent.change(which(), { target: { value: "5-10" } });
    expect(screen.getByText("Which (10 cards)")).toBeTruthy();
    const turn = screen.getByLabelText("By turn") as HTMLInputElement;
    fireEvent.change(turn, { target: { value: "50" } });
    expect(turn.value).toBe("20");
    expect(odds()).toMatch(/100%/);
  });

  it("deals a sample hand and the next turn's draws (its panel loads after the page)", async () => {
    view();
    const hand = await screen.findByTestId("sample-hand");
    const first = hand.textContent;
    fireEvent.click(within(hand).getByRole("button", { name: "Draw next turn" }));
    expect(within(hand).getByText("Drawn after turn 1")).toBeTruthy();
    fireEvent.click(within(hand).getByRole("button", { name: "New hand" }));
    expect(within(hand).queryByText("Drawn after turn 1")).toBeNull();
    expect(hand.textContent).not.toBe(first);
  });

  it("copies the deck text and downloads the text, JSON and Cockatrice files, the last two built on demand", async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error("denied"));
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const createObjectURL = vi.fn((_blob: Blob) => "blob:deck");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    view();
    fireEvent.click(screen.getByRole("button", { name: "Copy text" }));
    expect(await screen.findByText("Deck text copied.")).toBeTruthy();
    expect(writeText.mock.calls[0][0]).toContain("5 Sonic [DEMO-001]");
    fireEvent.click(screen.getByRole("button", { name: "Copy deck code link" }));
    expect(await screen.findByText("Could not copy; select the text and copy it by hand.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Download .txt" }));
    fireEvent.click(screen.getByRole("button", { name: "Download JSON" }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByRole("button", { name: "Download .cod (Cockatrice)" }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(3));
    const names = clicked.mock.contexts.map((a) => (a as HTMLAnchorElement).download);
    expect(names).toEqual(["speed.txt", "speed.json", "speed.cod"]);
    // the same bytes the formats write for this deck (the files' own tests: lib/decks/formats.test.ts, cockatrice-format.test.ts)
    const cards = ENTRIES.map((e) => ({ title: e.card.title, key: e.card.key, set: e.card.set, number: e.card.number, quantity: e.quantity }));
    const [txt, json, cod] = await Promise.all(createObjectURL.mock.calls.map(([blob]) => blobText(blob)));
    expect(txt).toBe(formatDeckText(cards, "Speed"));
    expect(json).toBe(formatDeckJson({ name: "Speed", description: "Go **fast**.", cards }));
    expect(cod).toBe(formatDeckCockatrice({ name: "Speed", description: "Go **fast**.", cards }));
    expect(json).toContain('"title": "Sonic"');
    expect(cod).toContain('name="Sonic (DEMO-001)"');
    clicked.mockRestore();
  });

  it("builds the print list only when the page is about to be printed", () => {
    view();
    expect(screen.queryByTestId("print-list")).toBeNull();
    act(() => {
      window.dispatchEvent(new Event("beforeprint"));
    });
    const list = screen.getByTestId("print-list");
    expect(list.textContent).toContain("Speed");
    expect(within(list).getAllByRole("row")).toHaveLength(ENTRIES.length);
    expect(within(list).getAllByRole("row")[0].textContent).toBe("5SonicDEMO-001blue3 rings");
  });
});

describe("deck list forms", () => {
  it("creates a deck and shows a refusal", async () => {
    actions.createDeckAction.mockResolvedValue({ ok: false, message: "Too many decks." });
    render(<NewDeckForm />);
    fireEvent.change(screen.getByLabelText("New deck name"), { target: { value: "Fast" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Create deck" }));
    });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Too many decks."));
    expect(actions.createDeckAction.mock.calls[0][1].get("name")).toBe("Fast");
  });

  it("duplicates, and deletes only after confirming", async () => {
    actions.copyDeckAction.mockResolvedValue({ ok: true, data: undefined, message: "Copied as “Speed (copy)”." });
    actions.deleteDeckAction.mockResolvedValue({ ok: false, message: "That deck is gone." });
    render(<DeckRowActions deckId="d1" name="Speed" />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Duplicate Speed" }));
    });
    await waitFor(() => expect(screen.getByText("Copied as “Speed (copy)”.")).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Delete Speed" }));
    const confirm = screen.getByRole("group", { name: "Confirm deleting Speed" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("group", { name: "Confirm deleting Speed" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Delete Speed" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Yes, delete" }));
    });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("That deck is gone."));
    expect(actions.deleteDeckAction.mock.calls[0][1].get("deckId")).toBe("d1");
  });
});

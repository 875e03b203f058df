// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CardSnapshot, SuggestionDTO } from "@/lib/catalog/types";

const actions = vi.hoisted(() => ({
  acceptSuggestionAction: vi.fn(),
  rejectSuggestionAction: vi.fn(),
  deleteCardAction: vi.fn(),
}));
vi.mock("@/lib/actions/suggestions", () => ({ acceptSuggestionAction: actions.acceptSuggestionAction, rejectSuggestionAction: actions.rejectSuggestionAction }));
vi.mock("@/lib/actions/catalog", () => ({ deleteCardAction: actions.deleteCardAction }));

const { ReviewSuggestion } = await import("./review-suggestion");
const { SuggestionCard } = await import("./suggestion-card");
const { DeleteCardForm } = await import("./delete-card-form");

beforeEach(() => {
  for (const f of Object.values(actions)) f.mockReset();
});
afterEach(cleanup);

describe("ReviewSuggestion", () => {
  it("accepts, and rejects with a reason (the reason's error shows beside it)", async () => {
    actions.acceptSuggestionAction.mockResolvedValue({ ok: true, data: undefined, message: "Accepted: the card is in the catalog." });
    actions.rejectSuggestionAction.mockResolvedValue({ ok: false, message: "Please give a reason.", fieldErrors: { reason: ["A reason is required"] } });
    render(<ReviewSuggestion id="s1" title="Big the Cat" />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Reject suggestion: Big the Cat" }));
    });
    await waitFor(() => expect(screen.getByText("A reason is required")).toBeTruthy());
    expect(actions.rejectSuggestionAction.mock.calls[0][1].get("id")).toBe("s1");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Accept suggestion: Big the Cat" }));
    });
    // the last answer shown is the reject's until a new reject; the accept was sent with the id
    await waitFor(() => expect(actions.acceptSuggestionAction).toHaveBeenCalledTimes(1));
    expect(actions.acceptSuggestionAction.mock.calls[0][1].get("id")).toBe("s1");
  });
});

describe("SuggestionCard", () => {
  const card: CardSnapshot = { set: "DEMO", number: 5, title: "Big", traits: ["Cat"], colors: ["gray"], rings: 2, rarity: "common", text: "", effect: null, imageUrl: null };
  const base: SuggestionDTO = { id: "s1", status: "pending", reason: "", kind: "new", cardId: null, proposed: card, current: null, suggestedBy: "ann", reviewedBy: null, createdAt: "2026-11-30T10:20:30Z", reviewedAt: null };

  it("shows a new card's fields, who suggested it and when", () => {
    render(<SuggestionCard s={base} />);
    const article = screen.getByRole("article", { name: "New card: Big" });
    expect(article.textContent).toContain("New card: Big (DEMO-005)");
    expect(article.textContent).toContain("by ann");
    expect(article.textContent).toContain("2026-11-30 10:20 UTC");
    expect(within(article).getByRole("rowheader", { name: "title" })).toBeTruthy();
  });

  it("shows a correction as a diff, a rejection's reason, and links an accepted card", () => {
    const correction: SuggestionDTO = { ...base, kind: "correction", cardId: "c5", current: card, proposed: { ...card, rings: 3 } };
    const view = render(<SuggestionCard s={correction} />);
    const rows = screen.getAllByRole("row");
    expect(rows).toHaveLength(1);
    expect(rows[0].textContent).toBe("rings23");
    expect(screen.getByText("Compared with the card as it is now.")).toBeTruthy();
    view.rerender(<SuggestionCard s={{ ...correction, status: "rejected", reason: "Printed value is 2." }} />);
    expect(screen.getByText("Printed value is 2.")).toBeTruthy();
    view.rerender(<SuggestionCard s={{ ...correction, status: "accepted", proposed: card }} />);
    expect(screen.getByText("This correction changed nothing.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "View the card" }).getAttribute("href")).toBe("/cards/DEMO/5");
  });
});

describe("DeleteCardForm", () => {
  it("deletes only after confirmation, and shows the refusal", async () => {
    actions.deleteCardAction.mockResolvedValue({ ok: false, message: "DEMO-001 is in 2 decks: it cannot be deleted." });
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    render(<DeleteCardForm id="c1" label="DEMO-001 Sonic" />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Delete card" }));
    });
    expect(confirm).toHaveBeenCalledWith("Delete DEMO-001 Sonic? This cannot be undone.");
    expect(actions.deleteCardAction).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Delete card" }));
    });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("DEMO-001 is in 2 decks: it cannot be deleted."));
    expect(actions.deleteCardAction.mock.calls[0][1].get("id")).toBe("c1");
    confirm.mockRestore();
  });
});

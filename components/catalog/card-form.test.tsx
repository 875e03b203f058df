// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import Link from "next/link";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ActionResult } from "@/lib/server/action-result";
import { CardForm } from "./card-form";

const DRAFT_KEY = "ringbinder:draft:card-form:new:Suggest card";
const action = vi.fn<(prev: ActionResult<{ id: string }> | null, form: FormData) => Promise<ActionResult<{ id: string }>>>();

beforeEach(() => {
  window.localStorage.clear();
  action.mockReset();
});
afterEach(cleanup);

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Suggest card" }));
  });
}

describe("CardForm", () => {
  it("fills in the values of a card being edited", () => {
    render(<CardForm action={action} id="c1" submitLabel="Save card" initial={{ set: "SX", number: 12, title: "Tails", traits: ["Fox", "Hero"], colors: ["yellow"], rings: 2, rarity: "rare", text: "Draw.", effect: { trigger: "flip" }, imageUrl: null }} />);
    expect(input("Set code").value).toBe("SX");
    expect(input("Number").value).toBe("12");
    expect(input("Traits").value).toBe("Fox, Hero");
    expect(input("yellow").checked).toBe(true);
    expect(input("blue").checked).toBe(false);
    expect((screen.getByLabelText("Rarity") as HTMLSelectElement).value).toBe("rare");
    expect(JSON.parse((screen.getByLabelText("Structured effect (JSON, optional)") as HTMLTextAreaElement).value)).toEqual({ trigger: "flip" });
    expect((document.querySelector('input[name="id"]') as HTMLInputElement).value).toBe("c1");
  });

  it("sends the fields, and shows the server's errors beside them keeping what was typed", async () => {
    action.mockResolvedValue({ ok: false, message: "Please correct the highlighted fields.", fieldErrors: { title: ["Title is required"], colors: ["Choose at least one color"] } });
    render(<CardForm action={action} submitLabel="Suggest card" />);
    fireEvent.change(input("Rings"), { target: { value: "4" } });
    fireEvent.click(input("red"));
    await submit();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Please correct the highlighted fields."));
    const sent = action.mock.calls[0][1];
    expect(sent.get("set")).toBe("DEMO");
    expect(sent.get("rings")).toBe("4");
    expect(sent.getAll("colors")).toEqual(["red"]);
    expect(screen.getByText("Title is required")).toBeTruthy();
    expect(input("Title").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Choose at least one color")).toBeTruthy();
    expect(input("Rings").value).toBe("4");
    // a failed submit keeps the typed values as a draft on this device
    expect(JSON.parse(window.localStorage.getItem(DRAFT_KEY)!).value.rings).toEqual(["4"]);
  });

  it("says so when the card was saved, and forgets the draft", async () => {
    action.mockResolvedValue({ ok: true, data: { id: "s1" }, message: "Thanks: your suggestion is waiting for review." });
    render(<CardForm action={action} submitLabel="Suggest card" />);
    fireEvent.input(input("Title"), { target: { value: "Big" } });
    expect(window.localStorage.getItem(DRAFT_KEY)).not.toBeNull();
    await submit();
    await waitFor(() => expect(screen.getByText("Thanks: your suggestion is waiting for review.")).toBeTruthy());
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it("keeps typing as a draft and offers it back on the next visit", async () => {
    const first = render(<CardForm action={action} submitLabel="Suggest card" />);
    fireEvent.input(input("Title"), { target: { value: "Big the Cat" } });
    fireEvent.click(input("gray"));
    first.unmount();

    render(<CardForm action={action} submitLabel="Suggest card" />);
    expect(screen.getByTestId("draft-offer").textContent).toContain("Unsaved changes from just now were kept on this device");
    expect(input("Title").value).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Restore my changes" }));
    expect(input("Title").value).toBe("Big the Cat");
    expect(input("gray").checked).toBe(true);
    expect(screen.queryByTestId("draft-offer")).toBeNull();
  });

  it("discards an offered draft", () => {
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify({ savedAt: Date.now() - 3 * 3600_000, value: { title: ["Old"] } }));
    render(<CardForm action={action} submitLabel="Suggest card" />);
    expect(screen.getByTestId("draft-offer").textContent).toContain("from 3 hours ago");
    fireEvent.click(screen.getByRole("button", { name: "Discard them" }));
    expect(screen.queryByTestId("draft-offer")).toBeNull();
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it("drops a draft equal to the form, and ignores one of the wrong shape", () => {
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify({ savedAt: Date.now(), value: { title: [""], set: ["DEMO"] } }));
    const view = render(<CardForm action={action} submitLabel="Suggest card" />);
    expect(screen.queryByTestId("draft-offer")).toBeNull();
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
    view.unmount();
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify({ savedAt: Date.now(), value: { title: "not a list" } }));
    render(<CardForm action={action} submitLabel="Suggest card" />);
    expect(screen.queryByTestId("draft-offer")).toBeNull();
  });

  it("asks before an in-app link leaves unsaved typing, and stays when the user says no", () => {
    render(
      <div>
        <CardForm action={action} submitLabel="Suggest card" />
        <Link href="/cards">Catalog</Link>
      </div>,
    );
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    fireEvent.input(input("Title"), { target: { value: "Big" } });
    const link = screen.getByRole("link", { name: "Catalog" });
    // what reaches the page after the guard (and stops jsdom, which cannot navigate)
    const reached = vi.fn((e: Event) => e.preventDefault());
    document.addEventListener("click", reached);
    fireEvent.click(link);
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/^You have unsaved changes/));
    expect(reached).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    fireEvent.click(link);
    expect(reached).toHaveBeenCalledTimes(1);
    document.removeEventListener("click", reached);
    const unload = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    confirm.mockRestore();
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CompletePicker } from "./complete-picker";

afterEach(cleanup);

const mine = [
  { value: "deck:d1", label: "Speed · 40 cards", legal: true },
  { value: "deck:d2", label: "Chaotix · 12 cards", legal: false },
];

describe("CompletePicker", () => {
  it("offers my decks in a labelled select of a GET form to /lab/complete, nothing preselected", () => {
    render(<CompletePicker mine={mine} current="" />);
    const select = screen.getByLabelText("Deck") as HTMLSelectElement;
    expect(select.name).toBe("deck");
    expect(select.value).toBe("");
    expect(select.required).toBe(true);
    const values = within(select).getAllByRole("option").map((o) => (o as HTMLOptionElement).value);
    expect(values).toEqual(["", "deck:d1", "deck:d2"]);
    const form = select.closest("form")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/lab/complete");
    expect(screen.getByRole("button", { name: "Show what is missing" })).toBeTruthy();
  });

  it("preselects the deck the editor's link names", () => {
    render(<CompletePicker mine={mine} current="deck:d2" />);
    expect((screen.getByLabelText("Deck") as HTMLSelectElement).value).toBe("deck:d2");
    expect(screen.queryByRole("option", { name: "Pick a deck…" })).toBeNull();
  });

  it("keeps a linked deck that is not mine (a shared deck) as the selection", () => {
    render(<CompletePicker mine={mine} current="slug:s-speed" />);
    const select = screen.getByLabelText("Deck") as HTMLSelectElement;
    expect(select.value).toBe("slug:s-speed");
    expect(screen.getByRole("option", { name: "The linked deck" })).toBeTruthy();
  });

  it("with no decks, says how to make one", () => {
    render(<CompletePicker mine={[]} current="" />);
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.getByRole("link", { name: "Create a deck" }).getAttribute("href")).toBe("/decks");
  });
});

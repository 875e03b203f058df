// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CardForm } from "./card-form";

afterEach(cleanup);

/** The card form's "Reads as" line for effects with the v2 sequencing and durations (docs/effects.md). */
describe("CardForm: the \"Reads as\" line reads sequencing and durations", () => {
  const type = (json: unknown) => {
    const field = screen.getByLabelText("Structured effect (JSON, optional)") as HTMLTextAreaElement;
    fireEvent.input(field, { target: { value: JSON.stringify(json) } });
    return (document.getElementById("effect-reading") as HTMLElement).textContent;
  };

  it("reads a cost, \"if you do\", \"for each\" and a duration; explains a misplaced cost", () => {
    render(<CardForm action={vi.fn()} submitLabel="Save card" />);
    expect(
      type({ trigger: "flip", optional: true, actions: [{ type: "discard", cost: true, target: { owner: "you", count: 1 } }, { type: "draw", count: 1, forEach: { emeralds: "opponent" } }] }),
    ).toBe("Reads as: When flipped, you may, as a cost, discard: 1 face-up card of yours; if you do: draw 1 for each Chaos Emerald your opponent has.");
    expect(type({ trigger: "flip", actions: [{ type: "hand-discard", who: "you", count: 1, pick: "owner" }, { type: "modify-rings", target: "self", add: 3, until: "turn", ifDone: true }] })).toBe(
      "Reads as: When flipped: discard 1 card from your hand of your choice; if you do, +3 rings until the end of the turn: this card.",
    );
    expect(type({ trigger: "flip", actions: [{ type: "draw", count: 1 }, { type: "discard", cost: true, target: { owner: "you", count: 1 } }] })).toMatch(/Does not validate: .*costs come first/);
  });
});

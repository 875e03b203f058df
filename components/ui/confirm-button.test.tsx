// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ConfirmButton } from "./confirm-button";

afterEach(cleanup);

describe("ConfirmButton", () => {
  it("asks first, does it only on the confirm button, and Cancel keeps things as they are", () => {
    const onConfirm = vi.fn();
    render(<ConfirmButton label="Apply" question="Add a card you may not own?" confirmLabel="Apply the swap" onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole("group", { name: "Add a card you may not own?" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Apply the swap" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    fireEvent.click(screen.getByRole("button", { name: "Apply the swap" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("submits its form only from the confirm step", () => {
    const submitted = vi.fn((e: Event) => e.preventDefault());
    render(
      <form onSubmit={(e) => submitted(e.nativeEvent)}>
        <ConfirmButton label="Undo last pack (2 cards)" question="Take them out?" confirmLabel="Yes, undo the pack" submit />
      </form>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Undo last pack (2 cards)" }));
    expect(submitted).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Yes, undo the pack" }));
    expect(submitted).toHaveBeenCalledTimes(1);
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Result = { ok: true; data: { cardId: string; quantity: number } } | { ok: false; message: string };
const actions = vi.hoisted(() => ({
  adjustOwnedQuantity: vi.fn<(cardId: string, delta: number) => Promise<Result>>(),
  setOwnedQuantity: vi.fn<(cardId: string, q: number) => Promise<Result>>(),
}));
vi.mock("@/lib/collection/actions", () => actions);

const { QuantityControl } = await import("./quantity-control");
const { OwnedQuantityControl } = await import("@/components/catalog/owned-quantity-control");

beforeEach(() => {
  actions.adjustOwnedQuantity.mockReset();
  actions.setOwnedQuantity.mockReset();
});
afterEach(cleanup);

const box = () => screen.getByLabelText("Quantity of Sonic") as HTMLInputElement;

describe("QuantityControl", () => {
  it("steps up and down, saving each change", async () => {
    actions.adjustOwnedQuantity.mockImplementation(async (cardId, delta) => ({ ok: true, data: { cardId, quantity: 2 + delta } }));
    render(<QuantityControl cardId="c1" label="Sonic" quantity={2} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add one Sonic" }));
    });
    await waitFor(() => expect(box().value).toBe("3"));
    expect(actions.adjustOwnedQuantity).toHaveBeenCalledWith("c1", 1);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Remove one Sonic" }));
    });
    expect(actions.adjustOwnedQuantity).toHaveBeenLastCalledWith("c1", -1);
  });

  it("cannot go below zero", () => {
    render(<QuantityControl cardId="c1" label="Sonic" quantity={0} />);
    expect((screen.getByRole("button", { name: "Remove one Sonic" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("saves a typed quantity on Enter and refuses one that is not a whole number in range", async () => {
    actions.setOwnedQuantity.mockResolvedValue({ ok: true, data: { cardId: "c1", quantity: 12 } });
    render(<QuantityControl cardId="c1" label="Sonic" quantity={2} />);
    fireEvent.change(box(), { target: { value: "12" } });
    await act(async () => {
      fireEvent.keyDown(box(), { key: "Enter" });
    });
    await waitFor(() => expect(box().value).toBe("12"));
    expect(actions.setOwnedQuantity).toHaveBeenCalledWith("c1", 12);
    fireEvent.change(box(), { target: { value: "2.5" } });
    fireEvent.blur(box());
    expect(screen.getByRole("alert").textContent).toBe("Not saved: enter a whole number from 0 to 9999.");
    expect(box().getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(box(), { target: { value: "10000" } });
    fireEvent.blur(box());
    expect(actions.setOwnedQuantity).toHaveBeenCalledTimes(1);
  });

  it("Escape drops the typed value, and an unchanged value is not sent", () => {
    render(<QuantityControl cardId="c1" label="Sonic" quantity={4} />);
    fireEvent.change(box(), { target: { value: "9" } });
    fireEvent.keyDown(box(), { key: "Escape" });
    expect(box().value).toBe("4");
    fireEvent.change(box(), { target: { value: " 4 " } });
    fireEvent.blur(box());
    expect(actions.setOwnedQuantity).not.toHaveBeenCalled();
  });

  it("rolls back and says why when the save is refused or the server cannot be reached", async () => {
    actions.adjustOwnedQuantity.mockResolvedValueOnce({ ok: false, message: "Too many changes: wait a moment." });
    render(<QuantityControl cardId="c1" label="Sonic" quantity={2} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add one Sonic" }));
    });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Not saved: Too many changes: wait a moment."));
    expect(box().value).toBe("2");
    actions.adjustOwnedQuantity.mockRejectedValueOnce(new TypeError("fetch failed"));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add one Sonic" }));
    });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/could not be reached/));
    expect(box().value).toBe("2");
  });

  it("adopts a fresher count from the server", () => {
    const view = render(<QuantityControl cardId="c1" label="Sonic" quantity={2} />);
    view.rerender(<QuantityControl cardId="c1" label="Sonic" quantity={7} />);
    expect(box().value).toBe("7");
  });
});

describe("OwnedQuantityControl", () => {
  it("shows the saved count after + and −, and the refusal when there is one", async () => {
    actions.adjustOwnedQuantity.mockResolvedValueOnce({ ok: true, data: { cardId: "c1", quantity: 1 } });
    render(<OwnedQuantityControl cardId="c1" title="Sonic" initial={0} />);
    expect((screen.getByRole("button", { name: "Remove one Sonic from my collection" }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add one Sonic to my collection" }));
    });
    await waitFor(() => expect(screen.getByTestId("owned-quantity").textContent).toBe("1 owned"));
    actions.adjustOwnedQuantity.mockResolvedValueOnce({ ok: false, message: "Please sign in first." });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Remove one Sonic from my collection" }));
    });
    await waitFor(() => expect(screen.getByText("Please sign in first.")).toBeTruthy());
    expect(screen.getByTestId("owned-quantity").textContent).toBe("1 owned");
  });
});

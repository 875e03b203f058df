// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CardRef } from "@/lib/engine";
import type { BoardCardDef } from "@/lib/playtest/cards";
import { PlacementDock, PlacementHand, placementCells, usePlacement, type Placement } from "./placement";

afterEach(cleanup);

const def = (title: string): BoardCardDef => ({ title, colors: ["blue"], rings: 3, traits: [], effect: null, key: `DEMO-${title}`, rarity: "common", text: "", unofficial: true, effectError: null });
const HAND: CardRef[] = ["A", "B", "C", "D", "E", "F", "G"].map((t, i) => ({ id: i + 10, card: def(t) }));

function hook() {
  return renderHook(() => usePlacement(HAND));
}

describe("usePlacement", () => {
  it("places a selected hand card in the slot clicked, and a click on the same card again deselects it", () => {
    const { result } = hook();
    act(() => result.current.clickHand(10));
    expect(result.current.selected).toEqual({ from: "hand", id: 10 });
    act(() => result.current.clickHand(10));
    expect(result.current.selected).toBeNull();
    act(() => result.current.clickHand(11));
    act(() => result.current.clickSlot(3));
    expect(result.current.slots).toEqual([null, null, 11, null, null]);
    expect(result.current.count).toBe(1);
    expect(result.current.inHand.map((c) => c.id)).not.toContain(11);
  });

  it("moves a placed card to another slot, swapping with what is there", () => {
    const { result } = hook();
    act(() => result.current.put(1, 10));
    act(() => result.current.put(2, 11));
    act(() => result.current.clickSlot(1));
    expect(result.current.selected).toEqual({ from: "slot", column: 1 });
    act(() => result.current.clickSlot(2));
    expect(result.current.slots).toEqual([11, 10, null, null, null]);
    // a selected slot clicked again is deselected; an empty slot clicked with nothing selected does nothing
    act(() => result.current.clickSlot(1));
    act(() => result.current.clickSlot(1));
    expect(result.current.selected).toBeNull();
    act(() => result.current.clickSlot(5));
    expect(result.current.selected).toBeNull();
  });

  it("a hand card clicked while a slot is selected goes into that slot", () => {
    const { result } = hook();
    act(() => result.current.put(4, 10));
    act(() => result.current.clickSlot(4));
    act(() => result.current.clickHand(12));
    expect(result.current.slots[3]).toBe(12);
    expect(result.current.inHand.map((c) => c.id)).toContain(10);
  });

  it("fills the empty slots from the hand, takes one back, and clears", () => {
    const { result } = hook();
    act(() => result.current.put(2, 16));
    act(() => result.current.autoFill());
    expect(result.current.slots).toEqual([10, 16, 11, 12, 13]);
    act(() => result.current.takeBack(2));
    expect(result.current.slots[1]).toBeNull();
    expect(result.current.count).toBe(4);
    act(() => result.current.clear());
    expect(result.current.slots).toEqual([null, null, null, null, null]);
  });
});

function Board() {
  const p = usePlacement(HAND);
  return (
    <div>
      <div>{placementCells(p, (c) => `opponent column ${c}`)}</div>
      <PlacementHand p={p} />
      <output data-testid="slots">{JSON.stringify(p.slots)}</output>
    </div>
  );
}

describe("the placement board", () => {
  const slots = () => JSON.parse(screen.getByTestId("slots").textContent!) as (number | null)[];

  it("places with the number keys and moves along the hand with the arrows, keeping focus in the hand", () => {
    render(<Board />);
    const first = screen.getByTestId("hand-card-10");
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowRight" });
    expect(document.activeElement).toBe(screen.getByTestId("hand-card-11"));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(screen.getByTestId("hand-card-16"));
    fireEvent.keyDown(document.activeElement!, { key: "3" });
    expect(slots()).toEqual([null, null, 16, null, null]);
    expect(document.activeElement?.getAttribute("data-testid")).toMatch(/^hand-card-/);
    expect(screen.getByTestId("place-slot-3").getAttribute("aria-label")).toMatch(/^Chaos slot 3: .*G.*\. Facing opponent column 3\.$/);
  });

  it("drags a card into a slot and back into the hand", () => {
    render(<Board />);
    const data = new Map<string, string>();
    const dataTransfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? "", effectAllowed: "" };
    fireEvent.dragStart(screen.getByTestId("hand-card-12"), { dataTransfer });
    fireEvent.drop(screen.getByTestId("place-slot-5"), { dataTransfer });
    expect(slots()).toEqual([null, null, null, null, 12]);
    data.clear();
    fireEvent.dragStart(screen.getByTestId("place-slot-5"), { dataTransfer });
    fireEvent.drop(screen.getByTestId("placement-hand"), { dataTransfer });
    expect(slots()).toEqual([null, null, null, null, null]);
  });

  it("says when the whole hand is placed", () => {
    const few = HAND.slice(0, 2);
    function Small() {
      const p: Placement = usePlacement(few);
      return (
        <div>
          {placementCells(p, () => "nothing")}
          <PlacementHand p={p} />
        </div>
      );
    }
    render(<Small />);
    fireEvent.keyDown(screen.getByTestId("hand-card-10"), { key: "1" });
    fireEvent.keyDown(screen.getByTestId("hand-card-11"), { key: "2" });
    expect(screen.getByText("All placed. Drop a card here to take it back.")).toBeTruthy();
  });
});

describe("the placement dock", () => {
  function Dock({ need, onConfirm }: { need: number; onConfirm: (slots: (number | null)[]) => void }) {
    const p = usePlacement(HAND);
    return (
      <div>
        {placementCells(p, () => "nothing")}
        <PlacementDock p={p} need={need} ready={p.count === need} onConfirm={() => onConfirm(p.slots)} />
      </div>
    );
  }

  it("holds the hand and, after it in the tab order, Confirm, Fill and Clear, which act on the arrangement", () => {
    const confirmed: (number | null)[][] = [];
    render(<Dock need={5} onConfirm={(x) => confirmed.push(x)} />);
    const dock = screen.getByTestId("placement-dock");
    const confirm = screen.getByTestId("confirm-placement");
    // one component holds them all, the hand first: Tab from the hand reaches Confirm
    expect(dock.contains(screen.getByRole("toolbar", { name: /Your hand/ }))).toBe(true);
    expect(screen.getByRole("toolbar", { name: /Your hand/ }).compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(confirm.textContent).toBe("Confirm placement (0/5)");
    expect(confirm).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Clear" })).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("button", { name: "Fill empty slots" }));
    expect(confirm.textContent).toBe("Confirm placement (5/5)");
    fireEvent.click(confirm);
    expect(confirmed).toEqual([[10, 11, 12, 13, 14]]);
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(confirm.textContent).toBe("Confirm placement (0/5)");
    expect(screen.getByRole("toolbar", { name: /Your hand/ }).querySelectorAll("button")).toHaveLength(7);
  });

  it("counts against what the caller needs (a short hand late in a game)", () => {
    render(<Dock need={2} onConfirm={() => {}} />);
    fireEvent.keyDown(screen.getByTestId("hand-card-10"), { key: "1" });
    fireEvent.keyDown(screen.getByTestId("hand-card-11"), { key: "4" });
    expect(screen.getByTestId("confirm-placement").textContent).toBe("Confirm placement (2/2)");
    expect(screen.getByTestId("confirm-placement")).toHaveProperty("disabled", false);
  });
});

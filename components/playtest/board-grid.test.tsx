// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { playerView, runScenario, type Scenario } from "@/lib/engine";
import { BoardGrid, type GridRef, type SlotMode } from "./board-grid";

afterEach(cleanup);

const CARDS = {
  g1: { title: "Froggy", colors: ["gray"], rings: 1, traits: ["Animal"], key: "DEMO-008", rarity: "common", text: "", unofficial: true, effectError: null },
  b5: { title: "Sonic the Hedgehog", colors: ["blue"], rings: 5, traits: ["Animal"], key: "DEMO-001", rarity: "common", text: "", unofficial: true, effectError: null },
};
const E = [null, null, null, null, null];

function sides() {
  const r = runScenario({
    cards: CARDS,
    state: {
      turn: 1,
      step: "rush",
      players: [
        { deck: ["g1"], hand: [], discard: [], chaos: [{ card: "g1", faceUp: false }, null, { card: "b5", faceUp: false }, null, null], spare: E },
        { deck: ["g1"], hand: [], discard: [], chaos: [{ card: "g1", faceUp: false }, null, null, null, null], spare: E },
      ],
    },
    actions: [],
  } as unknown as Scenario);
  if (!r.ok) throw new Error(r.error.reason);
  return playerView(r.state, 0).players;
}

describe("BoardGrid: the field is one tab stop with arrow keys (roving tabindex)", () => {
  it("has exactly one cell in the tab order, and moves focus to the first legal flip when one appears", () => {
    const s = sides();
    const legal = (r: GridRef): SlotMode => (r.player === 0 && r.row === "chaos" && r.column === 3 ? "legal" : null);
    const { rerender, container } = render(<BoardGrid sides={s} revealed={false} />);
    expect(container.querySelectorAll('[role="grid"] [tabindex="0"]')).toHaveLength(1);
    rerender(<BoardGrid sides={s} revealed={false} modeOf={legal} />);
    const flip = screen.getByRole("button", { name: /Your chaos column 3: Sonic the Hedgehog.*you may flip here/ });
    expect(document.activeElement).toBe(flip);
    expect(flip.getAttribute("tabindex")).toBe("0");
    expect(container.querySelectorAll('[role="grid"] [tabindex="0"]')).toHaveLength(1);
  });

  it("arrow keys, Home and End move between cells; Enter on a legal cell acts", () => {
    const s = sides();
    const acted: GridRef[] = [];
    const legal = (r: GridRef): SlotMode => (r.player === 0 && r.row === "chaos" && r.column === 3 ? "legal" : null);
    const { container } = render(<BoardGrid sides={s} revealed={false} modeOf={legal} onSlot={(r) => acted.push(r)} />);
    const at = () => (document.activeElement as HTMLElement).getAttribute("data-cell");
    expect(at()).toBe("17");
    fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    expect(at()).toBe("16");
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    expect(at()).toBe("11");
    fireEvent.keyDown(document.activeElement!, { key: "End" });
    expect(at()).toBe("14");
    fireEvent.keyDown(document.activeElement!, { key: "Home", ctrlKey: true });
    expect(at()).toBe("0");
    expect(container.querySelectorAll('[role="grid"] [tabindex="0"]')).toHaveLength(1);
    const flip = screen.getByRole("button", { name: /you may flip here/ });
    fireEvent.click(flip);
    expect(acted).toEqual([{ player: 0, row: "chaos", column: 3 }]);
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { applyAction, playerView, runScenario, type GameState, type Pending, type Scenario } from "@/lib/engine";
import { GameLog, StatusPanel } from "./side-panel";
import { DecisionPrompt } from "./prompts";

afterEach(cleanup);

const CARDS = {
  g1: { title: "Froggy", colors: ["gray"], rings: 1, traits: ["Animal"] },
  r2: { title: "Ella", colors: ["red"], rings: 2, traits: ["Human"] },
  y3: { title: "Tails", colors: ["yellow"], rings: 3, traits: ["Animal"] },
  b5: { title: "Sonic", colors: ["blue"], rings: 5, traits: ["Animal"] },
  look: { title: "Scout", colors: ["blue"], rings: 4, traits: ["Thing"], effect: { trigger: "flip", actions: [{ type: "look-deck", count: 2, order: "any-or-bottom" }, { type: "look-hand" }] } },
};
const E = [null, null, null, null, null];

/** The human (Player 1) flips a card that looks at the top 2 of its deck and at the AI's hand. */
function looked(): GameState {
  const sc = {
    cards: CARDS,
    state: {
      turn: 2,
      step: "rush",
      players: [
        { deck: ["g1", "r2", "b5"], hand: [], discard: [], chaos: [{ card: "look", faceUp: false }, null, null, null, null], spare: E },
        { deck: ["g1"], hand: ["b5", "y3"], discard: [], chaos: [{ card: "g1", faceUp: false }, null, null, null, null], spare: E },
      ],
    },
    actions: [{ player: 0, type: "flip", column: 1 }],
  } as unknown as Scenario;
  const r = runScenario(sc);
  if (!r.ok) throw new Error(r.error.reason);
  return r.state;
}

describe("what the human has seen on the board", () => {
  it("asks for the put-back with the looked-at cards, then lists the known deck cards and the AI's hand cards it saw", () => {
    let s = looked();
    const pd = s.pending as Exclude<Pending, { kind: "correction" }>;
    const acts: unknown[] = [];
    render(<DecisionPrompt state={s} pending={pd} onAct={(a) => acts.push(a)} />);
    expect(screen.getByText("Put a card at the bottom of your deck")).toBeTruthy();
    screen.getByRole("button", { name: "gray 1 Froggy" }).click();
    expect(acts).toEqual([{ type: "choose", player: 0, card: s.players[0].deck[0] }]);
    expect(screen.getByRole("button", { name: "Done (the rest go back on top)" })).toBeTruthy();
    cleanup();
    for (const a of [acts[0], { type: "pass", player: 0 }]) {
      const r = applyAction(s, a as never);
      if (!r.ok) throw new Error(r.error.reason);
      s = r.state;
    }
    expect(s.pending).toBeNull();
    const v = playerView(s, 0);
    render(<StatusPanel view={v} sides={v.players} stepLabel="Rush" thinking={false} />);
    expect(screen.getByTestId("you-known-deck").textContent).toBe("top: Ella, bottom: Froggy");
    expect(screen.getByTestId("ai-known-hand").textContent).toBe("Sonic, Tails");
    cleanup();
    // The AI's view of the same state shows none of it.
    const w = playerView(s, 1);
    render(<StatusPanel view={w} sides={w.players} stepLabel="Rush" thinking={false} />);
    expect(screen.queryByTestId("you-known-deck")).toBeNull();
    expect(screen.queryByTestId("ai-known-hand")).toBeNull();
    expect(screen.queryByTestId("ai-known-deck")).toBeNull();
  });
});

describe("the game log", () => {
  it("shows copies of a named card as one button with its count (Sonic ×2)", () => {
    render(
      <GameLog
        lines={[
          {
            key: 0,
            type: "place",
            text: "Player 1 (you) placed 5 cards face down in their chaos row.",
            turnStart: false,
            cards: [
              { key: "DEMO-001", title: "Sonic", count: 2 },
              { key: "DEMO-002", title: "Tails", count: 1 },
            ],
          },
        ]}
      />,
    );
    const buttons = screen.getAllByTestId("log-card");
    expect(buttons.map((b) => b.textContent)).toEqual(["Sonic ×2", "Tails"]);
    expect(screen.getByRole("button", { name: "Show Sonic (DEMO-001), 2 copies" })).toBeTruthy();
  });
});

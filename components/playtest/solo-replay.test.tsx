// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { applyAction, legalActions, type Action, type GameState } from "@/lib/engine";
import { parseSetupParams, resolveSetup } from "@/lib/playtest/setup-params";
import { AI, HUMAN, startSession, type GameSetup } from "@/lib/playtest/session";
import { demoCatalog } from "@/lib/playtest/test-catalog";
import { SoloReplay } from "./solo-replay";

afterEach(cleanup);

function setup(seed: number): GameSetup {
  const r = resolveSetup(parseSetupParams({ start: "1" }), seed, demoCatalog());
  if (!r.ok) throw new Error(r.error.reason);
  return r.setup;
}

/** A whole game of first legal actions (the player who may act), recorded. */
function recordGame(s: GameSetup, max = 400): { actions: Action[]; state: GameState } {
  let state = startSession(s).state;
  const actions: Action[] = [];
  while (state.winner === null && actions.length < max) {
    const p = legalActions(state, HUMAN).length ? HUMAN : AI;
    const a = legalActions(state, p)[0];
    const r = applyAction(state, a);
    if (!r.ok) throw new Error(r.error.reason);
    state = r.state;
    actions.push(a);
  }
  return { actions, state };
}

function viewer(s: GameSetup, actions: Action[], conceded = false) {
  render(<SoloReplay decks={s.decks} seed={s.seed} rules={s.rules} actions={actions} conceded={conceded} names={["Speed", "Empire"]} />);
}

describe("SoloReplay", () => {
  it("opens at the end with the result, and steps back to the setup and forward again", () => {
    const s = setup(11);
    const { actions, state } = recordGame(s);
    viewer(s, actions);
    const last = actions.length;
    expect(screen.getByTestId("replay-position").textContent).toBe(`Action ${last} of ${last}`);
    const result = screen.getByTestId("replay-result").textContent;
    expect(result).toBe(state.winner === "draw" ? "The game ended in a draw." : state.winner === HUMAN ? "Player 1 (you) won." : "Player 2 (AI) won.");
    fireEvent.click(screen.getByRole("button", { name: "« Start" }));
    expect(screen.getByTestId("replay-step").textContent).toBe("Setup: both players drew 7 cards.");
    expect(screen.queryByTestId("replay-result")).toBeNull();
    fireEvent.click(screen.getByTestId("replay-forward"));
    expect(screen.getByTestId("replay-position").textContent).toBe(`Action 1 of ${last}`);
    expect(screen.getByTestId("replay-step").textContent).not.toBe("");
    // every step has words for what happened
    for (let i = 2; i <= Math.min(last, 40); i++) {
      fireEvent.click(screen.getByTestId("replay-forward"));
      expect(screen.getByTestId("replay-step").textContent!.length).toBeGreaterThan(5);
    }
    fireEvent.click(screen.getByTestId("replay-back"));
    fireEvent.change(screen.getByLabelText("Replay position"), { target: { value: "3" } });
    expect(screen.getByTestId("replay-position").textContent).toBe(`Action 3 of ${last}`);
    fireEvent.click(screen.getByRole("button", { name: "End »" }));
    expect((screen.getByTestId("replay-forward") as HTMLButtonElement).disabled).toBe(true);
  });

  it("hides the hidden cards when reveal-all is off, and says who conceded", () => {
    const s = setup(12);
    const { actions } = recordGame(s, 6);
    viewer(s, actions, true);
    expect(screen.getByText("Reveal-all: hidden cards of both players are shown.")).toBeTruthy();
    fireEvent.click(screen.getByLabelText("Reveal all"));
    expect(screen.queryByText("Reveal-all: hidden cards of both players are shown.")).toBeNull();
    expect(screen.getByTestId("replay-result").textContent).toBe("Player 1 conceded.");
    expect(screen.getByText(/Speed vs Empire · column rule/)).toBeTruthy();
  });

  it("stops where the engine rejects an action and says which", () => {
    const s = setup(13);
    const { actions } = recordGame(s, 3);
    viewer(s, [...actions, { type: "flip", player: HUMAN, column: 9 } as Action]);
    expect(screen.getByRole("alert").textContent).toMatch(/^This replay stops at action 4 \(/);
    expect(screen.getByTestId("replay-position").textContent).toBe("Action 3 of 3");
  });
});

// @vitest-environment jsdom
import { act as rtlAct, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { applyAction, legalActions, playerView, type GameState } from "@/lib/engine";
import { parseSetupParams, resolveSetup } from "@/lib/playtest/setup-params";
import { AI, HUMAN, sessionFromActions, type GameSetup } from "@/lib/playtest/session";
import { inlineRunner } from "./ai-runner";
import { PlaytestBoard } from "./playtest-board";
import { SoloReplay } from "./solo-replay";
import { demoCatalog } from "@/lib/playtest/test-catalog";

function setupFor(seed: number): GameSetup {
  const r = resolveSetup(parseSetupParams({ start: "1" }), seed, demoCatalog());
  if (!r.ok) throw new Error(r.error.reason);
  return r.setup;
}

afterEach(cleanup);

async function flush(ms = 20) {
  await rtlAct(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}

describe("PlaytestBoard", () => {
  it("renders every step of a whole game from engine states: play, rush, decisions, score, recharge, game over", async () => {
    const setup = setupFor(42);
    render(<PlaytestBoard setup={setup} options={{ runner: inlineRunner, aiDelayMs: 0 }} />);
    const seen = new Set<string>();
    for (let guard = 0; guard < 600 && !screen.queryByTestId("game-over"); guard++) {
      const turnEnd = screen.queryByTestId("turn-end");
      if (turnEnd) {
        seen.add(screen.getByTestId("turn-end-phase").textContent ?? "");
        if (/Score/.test(screen.getByTestId("turn-end-phase").textContent ?? "")) {
          expect(screen.getByTestId("ring-total-you").textContent).toMatch(/^\d+$/);
        }
        fireEvent.click(within(turnEnd).getByRole("button", { name: /Continue/ }));
      } else if (screen.queryByTestId("correction")) {
        fireEvent.click(screen.getByTestId("correction-done"));
      } else if (screen.queryByTestId("decision")) {
        seen.add("decision");
        fireEvent.click(within(screen.getByTestId("decision")).getAllByRole("button")[0]);
      } else if (screen.queryByTestId("confirm-placement")) {
        seen.add("play");
        fireEvent.click(screen.getByRole("button", { name: "Fill empty slots" }));
        fireEvent.click(screen.getByTestId("confirm-placement"));
      } else if (screen.queryAllByRole("button", { name: /you may flip here/ }).length) {
        seen.add("rush");
        fireEvent.click(screen.getAllByRole("button", { name: /you may flip here/ })[0]);
      }
      await flush(5);
    }
    expect(screen.getByTestId("winner").textContent).toMatch(/win|draw/i);
    expect(screen.getByTestId("game-log").textContent).toMatch(/Score: Player 1 \(you\) \d+ rings/);
    // a discard pile opens in a dialog listing its cards
    const pileButton = screen.getByRole("button", { name: /in discard \(AI\): view/ });
    const pileSize = Number(/^(\d+) in discard/.exec(pileButton.textContent ?? "")?.[1]);
    expect(pileSize).toBeGreaterThan(0);
    // jsdom's <dialog> has no showModal: opening it only sets its open attribute here
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute("open", "");
    };
    fireEvent.click(pileButton);
    const pile = screen.getByRole("dialog", { name: "AI discard pile" });
    expect(within(pile).getAllByRole("listitem")).toHaveLength(pileSize);
    for (const step of ["play", "rush", "Score step", "Recharge: draw to 7", "Recharge: spare rows discarded", "Recharge: chaos rows move to the spare rows"])
      expect(seen).toContain(step);
  }, 60_000);

  it("renders the play step from a new engine game: hand, empty slots, status", () => {
    const setup = setupFor(7);
    render(<PlaytestBoard setup={setup} options={{ runner: inlineRunner, aiDelayMs: 0 }} />);
    expect(screen.getByTestId("step-label").textContent).toBe("Play step");
    const hand = screen.getByRole("toolbar", { name: /Your hand/ });
    expect(within(hand).getAllByRole("button")).toHaveLength(7);
    expect(screen.getByTestId("confirm-placement")).toHaveProperty("disabled", true);
    expect(screen.getByTestId("you-deck-count").textContent).toBe(`${setup.decks[0].length - 7} cards`);
  });

  it("places by click-then-click, confirms, and reaches the rush step after the AI places", async () => {
    const setup = setupFor(11);
    render(<PlaytestBoard setup={setup} options={{ runner: inlineRunner, aiDelayMs: 0 }} />);
    for (let col = 1; col <= 5; col++) {
      const hand = screen.getByRole("toolbar", { name: /Your hand/ });
      fireEvent.click(within(hand).getAllByRole("button")[0]);
      fireEvent.click(screen.getByTestId(`place-slot-${col}`));
    }
    const confirm = screen.getByTestId("confirm-placement");
    expect(confirm).toHaveProperty("disabled", false);
    fireEvent.click(confirm);
    // the rush step starts once the AI (in-process, a macrotask later) has placed too
    await waitFor(() => expect(screen.getByTestId("step-label").textContent).toMatch(/Rush/));
  });

  it("shows the engine's column-rule reason for an illegal flip", async () => {
    // Find a seed where, after both place, the human flips first and has an illegal face-down column.
    const setup = setupFor(3);
    render(<PlaytestBoard setup={setup} options={{ runner: inlineRunner, aiDelayMs: 0 }} />);
    fireEvent.click(screen.getByRole("button", { name: "Fill empty slots" }));
    fireEvent.click(screen.getByTestId("confirm-placement"));
    await waitFor(() => expect(screen.getByTestId("step-label").textContent).toMatch(/Rush/));
    // Flip until one of our slots is marked "not allowed now", then click it.
    for (let k = 0; k < 10; k++) {
      const illegal = screen.queryAllByRole("button", { name: /not allowed now/ });
      if (illegal.length > 0) {
        fireEvent.click(illegal[0]);
        expect(screen.getByTestId("action-error").textContent).toMatch(/Column rule/);
        return;
      }
      const legal = screen.queryAllByRole("button", { name: /you may flip here/ });
      if (legal.length > 0) fireEvent.click(legal[0]);
      const choice = screen.queryByTestId("decision");
      if (choice) fireEvent.click(within(choice).getAllByRole("button")[0]);
      await flush(30);
    }
    throw new Error("no illegal flip offered in this game");
  });

  it("undo restores the board before the human's last action", async () => {
    const setup = setupFor(5);
    render(<PlaytestBoard setup={setup} options={{ runner: inlineRunner, aiDelayMs: 0 }} />);
    fireEvent.click(screen.getByRole("button", { name: "Fill empty slots" }));
    fireEvent.click(screen.getByTestId("confirm-placement"));
    await waitFor(() => expect(screen.getByTestId("step-label").textContent).toMatch(/Rush/));
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(screen.getByTestId("step-label").textContent).toBe("Play step"));
    expect(within(screen.getByRole("toolbar", { name: /Your hand/ })).getAllByRole("button")).toHaveLength(7);
  });
});

describe("Manual correction panel", () => {
  it("offers corrections after the human flips a card whose text is not automated; targets on the field; logged; undo; done", async () => {
    const base = setupFor(9);
    // Every card of the human's deck has printed text but no structured effect.
    const plain = base.decks[0].map((c) => ({ ...c, effect: null, text: "When flipped, discard one of your opponent's cards." }));
    const setup: GameSetup = { ...base, decks: [plain, base.decks[1]] };
    expect(setup.rules.manualCorrections).toEqual([HUMAN]);
    render(<PlaytestBoard setup={setup} options={{ runner: inlineRunner, aiDelayMs: 0 }} />);
    fireEvent.click(screen.getByRole("button", { name: "Fill empty slots" }));
    fireEvent.click(screen.getByTestId("confirm-placement"));
    for (let k = 0; k < 20 && !screen.queryByTestId("correction"); k++) {
      await flush(30);
      const legal = screen.queryAllByRole("button", { name: /you may flip here/ });
      if (legal.length > 0 && !screen.queryByTestId("correction")) fireEvent.click(legal[0]);
      const choice = screen.queryByTestId("decision");
      if (choice) fireEvent.click(within(choice).getAllByRole("button")[0]);
    }
    const panel = screen.getByTestId("correction");
    expect(within(panel).getByText(/text not automated/)).toBeTruthy();
    expect(screen.getByTestId("step-label").textContent).toBe("Rush: manual correction");
    await flush(40);
    expect(document.activeElement).toBe(screen.getByTestId("correction-done"));
    // Discard is preselected: its targets are highlighted on the field.
    expect(screen.getAllByRole("button", { name: /choose this card/ }).length).toBeGreaterThan(0);
    fireEvent.click(within(panel).getByRole("radio", { name: /Draw 1 card/ }));
    expect(screen.queryAllByRole("button", { name: /choose this card/ })).toHaveLength(0);
    fireEvent.click(within(panel).getByRole("button", { name: "Draw 1 card" }));
    await flush(5);
    expect(screen.getByTestId("game-log").textContent).toMatch(/drew .*\(a manual correction for .* \(text not automated\)\)/);
    fireEvent.click(within(screen.getByTestId("correction")).getByRole("radio", { name: /Change a card's rings/ }));
    const amount = screen.getByLabelText(/Rings to add/);
    fireEvent.change(amount, { target: { value: "0" } });
    expect(screen.getByText(/not 0/)).toBeTruthy();
    expect(screen.queryAllByRole("button", { name: /choose this card/ })).toHaveLength(0);
    fireEvent.change(amount, { target: { value: "3" } });
    fireEvent.click(screen.getAllByRole("button", { name: /choose this card/ })[0]);
    await flush(5);
    expect(screen.getByTestId("game-log").textContent).toMatch(/\+3 rings for battle comparisons \(a manual correction for/);
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    await flush(5);
    expect(screen.getByTestId("game-log").textContent).not.toMatch(/\+3 rings/);
    expect(screen.getByTestId("game-log").textContent).toMatch(/a manual correction for/);
    fireEvent.click(screen.getByTestId("correction-done"));
    await flush(5);
    expect(screen.queryByTestId("correction")).toBeNull();
    expect(screen.getByTestId("game-log").textContent).toMatch(/finished manual corrections for/);
  });
});

/** Play random legal actions for both players until the game ends or n actions. */
function playRandom(setup: GameSetup, n: number) {
  const s0 = sessionFromActions(setup, []);
  if (!s0.ok) throw new Error("setup");
  let state: GameState = s0.session.state;
  const actions = [];
  let k = 1;
  while (state.winner === null && actions.length < n) {
    for (const p of [HUMAN, AI]) {
      const acts = legalActions(state, p);
      if (acts.length === 0) continue;
      const a = acts[(k = (k * 48271) % 2147483647) % acts.length];
      const r = applyAction(state, a);
      if (!r.ok) throw new Error(r.error.reason);
      state = r.state;
      actions.push(a);
      break;
    }
  }
  return { state, actions };
}

describe("SoloReplay", () => {
  it("steps forward and back through engine states", () => {
    const setup = setupFor(21);
    const { state, actions } = playRandom(setup, 40);
    render(<SoloReplay decks={setup.decks} seed={setup.seed} rules={setup.rules} actions={actions} conceded={false} names={setup.deckNames} />);
    expect(screen.getByTestId("replay-position").textContent).toBe(`Action ${actions.length} of ${actions.length}`);
    expect(screen.getByTestId("you-deck-count").textContent).toBe(`${playerView(state, HUMAN).players[0].deckCount} cards`);
    fireEvent.click(screen.getByTestId("replay-back"));
    expect(screen.getByTestId("replay-position").textContent).toBe(`Action ${actions.length - 1} of ${actions.length}`);
    fireEvent.click(screen.getByRole("button", { name: /Start/ }));
    expect(screen.getByTestId("step-label").textContent).toBe("Play step");
  });
});

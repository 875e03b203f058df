// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { applyAction, legalActions, newGame, type Action, type Player } from "@/lib/engine";
import { replayFrames, type ReplaySide } from "@/lib/play/replay";
import { setupOf } from "@/lib/play/setup";
import { starterSeatDeck } from "@/lib/play/test-fixture";
import type { GameRecord, ReplayDTO } from "@/lib/play/types";
import { OnlineReplay } from "./online-replay";

afterEach(cleanup);

const record: GameRecord = {
  id: "g1",
  code: "game",
  inviteToken: "t",
  listing: "open",
  pace: "live",
  columnRule: "priority",
  maxTurns: 100,
  seed: 4242,
  lead: 0,
  status: "finished",
  seq: 0,
  toMove: 0,
  deadlineAt: null,
  held: [null, null],
  result: null,
  endReason: null,
  rematchOfId: null,
  createdAt: "2026-12-01T10:00:00.000Z",
  finishedAt: "2026-12-01T10:20:00.000Z",
  replayCode: "abcdefghijkl",
  seats: [
    { seat: 0, userId: "u0", playerName: "Amy", deck: starterSeatDeck() },
    { seat: 1, userId: "u1", playerName: "Knuckles", deck: starterSeatDeck("eggman-empire") },
  ],
};

/** A whole game of first legal moves, as the log stores it. */
function log(): { seq: number; action: Action }[] {
  let s = newGame(setupOf(record));
  const out: { seq: number; action: Action }[] = [];
  while (s.winner === null && out.length < 500) {
    const p: Player = legalActions(s, 0).length ? 0 : 1;
    const a = legalActions(s, p)[0];
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(r.error.reason);
    s = r.state;
    out.push({ seq: out.length + 1, action: a });
  }
  record.result = s.winner;
  record.endReason = s.winner === "draw" ? "turns" : "emeralds";
  return out;
}
const actions = log();

function dto(side: ReplaySide, mySeat: Player | null = null): ReplayDTO {
  return {
    code: "abcdefghijkl",
    listing: "open",
    pace: "live",
    columnRule: "priority",
    result: record.result,
    endReason: record.endReason,
    createdAt: record.createdAt,
    finishedAt: record.finishedAt,
    players: record.seats.map((s) => ({ seat: s.seat, name: s.playerName, deckName: s.deck.name })),
    mySeat,
    decks: [record.seats[0].deck.cards, record.seats[1].deck.cards],
    replay: replayFrames(record, actions, side),
  };
}

const position = () => screen.getByTestId("replay-position").textContent;
const turn = () => Number((screen.getByTestId("replay-turn") as HTMLSelectElement).value);

describe("OnlineReplay (the one replay viewer, online frames)", () => {
  it("opens at the end with the result, and seeks by step, by turn and with the keyboard", () => {
    render(<OnlineReplay r={dto(0)} />);
    const last = actions.length;
    expect(position()).toBe(`Action ${last} of ${last}`);
    expect(screen.getByTestId("replay-result").textContent).toMatch(/won|draw/);
    fireEvent.keyDown(window, { key: "Home" });
    expect(position()).toBe(`Action 0 of ${last}`);
    expect(screen.getByTestId("replay-step").textContent).toBe("The deal: both players drew 7 cards.");
    expect(turn()).toBe(1);
    fireEvent.keyDown(window, { key: "ArrowRight" });
    expect(position()).toBe(`Action 1 of ${last}`);
    fireEvent.click(screen.getByTestId("replay-turn-forward"));
    expect(turn()).toBe(2);
    const turnTwoStart = position();
    fireEvent.keyDown(window, { key: "ArrowRight", shiftKey: true });
    expect(turn()).toBe(3);
    fireEvent.keyDown(window, { key: "PageUp" });
    expect(position()).toBe(turnTwoStart);
    fireEvent.keyDown(window, { key: "ArrowLeft" });
    expect(turn()).toBe(1);
    fireEvent.change(screen.getByTestId("replay-turn"), { target: { value: "3" } });
    expect(turn()).toBe(3);
    fireEvent.keyDown(window, { key: "End" });
    expect(position()).toBe(`Action ${last} of ${last}`);
    expect((screen.getByTestId("replay-forward") as HTMLButtonElement).disabled).toBe(true);
  });

  it("draws the chosen side at the bottom with its player's name, and links to the other sides at the same step", () => {
    render(<OnlineReplay r={dto(1)} initial={5} />);
    expect(position()).toBe(`Action 5 of ${actions.length}`);
    expect(screen.getByRole("grid").getAttribute("aria-label")).toBe("The field: Amy rows on top, Knuckles rows below");
    const links = screen.getAllByRole("link").filter((a) => a.closest("[data-testid=replay-sides]"));
    expect(links.map((a) => a.textContent)).toEqual(["Amy", "Knuckles", "Public view"]);
    expect(links[1].getAttribute("aria-current")).toBe("true");
    expect(links[0].getAttribute("href")).toBe("/r/abcdefghijkl?side=0&at=5");
    fireEvent.click(screen.getByTestId("replay-forward"));
    expect(screen.getAllByRole("link")[0].getAttribute("href")).toBe("/r/abcdefghijkl?side=0&at=6");
  });

  it("calls the viewer's own seat You, and shows no hand in the public view before the end", () => {
    render(<OnlineReplay r={dto(0, 0)} initial={3} />);
    expect(screen.getByRole("grid").getAttribute("aria-label")).toBe("The field: Knuckles rows on top, your rows below");
    expect(within(screen.getByTestId("replay-sides")).getByText("Amy (you)")).toBeTruthy();
    cleanup();
    render(<OnlineReplay r={dto("public")} initial={3} />);
    expect(screen.getByRole("list", { name: /^Amy.s hand: \d+ cards$/ }).querySelectorAll("li").length).toBe(0);
  });
});

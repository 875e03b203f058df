// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newGame, type Player } from "@/lib/engine";
import { setupOf } from "@/lib/play/setup";
import { messageFor } from "@/lib/play/views";
import { starterSeatDeck } from "@/lib/play/test-fixture";
import type { GameRecord, PlayMessage } from "@/lib/play/types";

const h = vi.hoisted(() => ({ message: null as unknown as PlayMessage }));
vi.mock("./use-play-stream", () => ({
  usePlayStream: () => ({ state: { kind: "live", message: h.message }, online: true, error: null, sending: false, send: () => undefined, chat: {}, clearError: () => undefined }),
}));
vi.mock("./game-chat", () => ({ GameChat: () => <section aria-label="Players' chat">chat</section> }));
vi.mock("@/lib/play/actions", () => ({ rematchAction: async () => null }));
const { OnlineBoard } = await import("./online-board");

afterEach(cleanup);

const record: GameRecord = {
  id: "g1", code: "game", inviteToken: "t", listing: "invite", pace: "live", columnRule: "priority", maxTurns: 100, seed: 7, lead: 0,
  status: "active", seq: 0, toMove: 3, deadlineAt: null, held: [null, null], result: null, endReason: null, rematchOfId: null,
  createdAt: "2026-12-01T10:00:00.000Z", finishedAt: null, replayCode: null,
  seats: [
    { seat: 0, userId: "u0", playerName: "Amy", deck: starterSeatDeck() },
    { seat: 1, userId: "u1", playerName: "Knuckles", deck: starterSeatDeck("eggman-empire") },
  ],
};

function show(seat: Player | null, r: GameRecord = record) {
  h.message = messageFor({ record: r, state: newGame(setupOf(r)), events: [], held: [null, null] }, seat, 1);
  render(<OnlineBoard code="game" chat={{ signedIn: true, settings: null, delay: 0 }} />);
}

describe("OnlineBoard", () => {
  it("names both players for a spectator (seat 0's side is its player, not You)", () => {
    show(null);
    expect(screen.getByRole("grid").getAttribute("aria-label")).toBe("The field: Knuckles rows on top, Amy rows below");
    expect(screen.getByText("Amy spare row")).toBeTruthy();
    expect(screen.queryByText("Your spare row")).toBeNull();
    expect(screen.getByRole("region", { name: "Game status" }).textContent).not.toMatch(/\bYou\b/);
  });

  it("still calls the seat's own side You", () => {
    show(1);
    expect(screen.getByRole("grid").getAttribute("aria-label")).toBe("The field: Amy rows on top, your rows below");
    expect(screen.getByText("Your spare row")).toBeTruthy();
  });

  it("opens the chat from a toggle at the top on a phone, and closes it again", () => {
    show(0);
    const toggle = screen.getByTestId("dock-chat-toggle");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(document.getElementById("game-chat")?.dataset.open).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Back to the board" }));
    expect(document.getElementById("game-chat")?.dataset.open).toBeUndefined();
  });

  it("links the replay from the game-over panel once the game is over", () => {
    show(0, { ...record, status: "finished", result: 1, endReason: "concede", replayCode: "abcdefghijkl" });
    expect(screen.getByTestId("replay-link").getAttribute("href")).toBe("/r/abcdefghijkl");
  });
});

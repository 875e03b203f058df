// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { GameSummary } from "@/lib/play/types";
import { GameList } from "./game-list";

afterEach(cleanup);

const game = (over: Partial<GameSummary>): GameSummary => ({
  code: "c1", listing: "invite", pace: "live", columnRule: "priority", status: "finished", seq: 9, result: 0, createdAt: "2026-12-01T10:00:00.000Z",
  players: [{ seat: 0, name: "Amy", deckName: "Speed" }, { seat: 1, name: "Knuckles", deckName: "Empire" }],
  mySeat: 0, myMove: false, replayCode: null, ranked: false, ...over,
});

describe("GameList", () => {
  it("labels ranked games and links the replay of a finished game", () => {
    render(<GameList title="Finished" games={[game({ ranked: true, replayCode: "abcdefghijkl" }), game({ code: "c2" })]} empty="None." />);
    expect(screen.getAllByTestId("ranked-label")).toHaveLength(1);
    const links = screen.getAllByTestId("game-replay-link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/r/abcdefghijkl"]);
    expect(links[0].getAttribute("aria-label")).toBe("Replay of you vs Knuckles · live · priority · won");
  });
});

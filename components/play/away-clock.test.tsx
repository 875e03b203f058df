// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { PlayMessage } from "@/lib/play/types";
import type { Move } from "@/lib/play/protocol";
import { AwayClock, PhoneClocks } from "./away-clock";
import { MoveClock } from "./move-clock";

afterEach(cleanup);

const names: [string, string] = ["Ada", "Bo"];
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const message = (over: Partial<PlayMessage>) => ({ status: "active", seat: 0, toMove: 2, deadline: at(65_000), away: null, view: { step: "rush" }, placed: [false, false], ...over }) as PlayMessage;

describe("the reconnect clock", () => {
  it("tells both players and spectators who is away and how long they have, and pauses the move clock", () => {
    const m = message({ away: { seat: 1, since: at(-18_000), until: at(42_000) } });
    render(<AwayClock m={m} names={names} onMove={() => {}} />);
    expect(screen.getByTestId("away-clock").textContent).toMatch(/^Bo lost the connection: 0:4[12] left to reconnect$/);
    expect(screen.queryByRole("button")).toBeNull();
    render(<MoveClock m={m} names={names} onMove={() => {}} />);
    expect(screen.getByTestId("move-clock").textContent).toBe("The move clock is paused while Bo reconnects.");
    cleanup();
    render(<AwayClock m={{ ...m, seat: null }} names={names} onMove={() => {}} />);
    expect(screen.getByTestId("away-clock").textContent).toMatch(/^Bo lost the connection/);
  });

  it("offers the claim to the opponent of the away player once the time is out, to nobody else", () => {
    const sent: Move[] = [];
    const out = message({ away: { seat: 1, since: at(-61_000), until: at(-1000) } });
    render(<AwayClock m={out} names={names} onMove={(x) => sent.push(x)} />);
    fireEvent.click(screen.getByRole("button", { name: "Claim the game" }));
    expect(sent).toEqual([{ type: "claim" }]);
    cleanup();
    render(<AwayClock m={{ ...out, seat: 1 }} names={names} onMove={() => {}} />);
    expect(screen.queryByRole("button")).toBeNull();
    cleanup();
    render(<AwayClock m={message({})} names={names} onMove={() => {}} />);
    expect(screen.queryByTestId("away-clock")).toBeNull();
  });

  it("sums up both clocks and the connection for the phone's status bar", () => {
    render(<PhoneClocks m={message({})} names={names} online />);
    expect(screen.getByTestId("phone-clocks").textContent).toMatch(/^Bo to move · 1:0[45]$/);
    cleanup();
    render(<PhoneClocks m={message({ away: { seat: 1, since: at(-1000), until: at(59_000) } })} names={names} online={false} />);
    expect(screen.getByTestId("phone-clocks").textContent).toMatch(/^Bo away · 0:5[89] to reconnectReconnecting…$/);
  });

  it("says in the status bar when the opponent has placed, after its reconnect clock when it is away", () => {
    const play = { view: { step: "play" }, placed: [false, true] } as Partial<PlayMessage>;
    render(<PhoneClocks m={message({ ...play, toMove: 1 })} names={names} online />);
    expect(screen.getByTestId("phone-clocks").textContent).toMatch(/^You to move · 1:0[45]Bo has placed$/);
    cleanup();
    render(<PhoneClocks m={message({ ...play, away: { seat: 1, since: at(-1000), until: at(59_000) } })} names={names} online />);
    expect(screen.getByTestId("phone-clocks").textContent).toMatch(/^Bo away · 0:5[89] to reconnect · has placed$/);
    cleanup();
    // a spectator hears of either player; nobody once the rush step began
    render(<PhoneClocks m={message({ ...play, seat: null, placed: [true, false], toMove: 2 })} names={names} online />);
    expect(screen.getByTestId("phone-opponent-placed").textContent).toBe("Ada has placed");
    cleanup();
    render(<PhoneClocks m={message({ view: { step: "rush" }, placed: [true, true] } as Partial<PlayMessage>)} names={names} online />);
    expect(screen.queryByTestId("phone-opponent-placed")).toBeNull();
  });
});

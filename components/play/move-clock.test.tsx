// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { PlayMessage } from "@/lib/play/types";
import type { Move } from "@/lib/play/protocol";
import { MoveClock } from "./move-clock";

afterEach(cleanup);

const names: [string, string] = ["Ada", "Bo"];
const message = (over: Partial<PlayMessage>) => ({ status: "active", seat: 0, toMove: 2, deadline: new Date(Date.now() + 65_000).toISOString(), ...over }) as PlayMessage;

describe("the move clock", () => {
  it("says whom the game waits for and how long they have", () => {
    render(<MoveClock m={message({})} names={names} onMove={() => {}} />);
    expect(screen.getByTestId("move-clock").textContent).toMatch(/^1:0[45] left for Bo to move$/);
    cleanup();
    render(<MoveClock m={message({ toMove: 3, deadline: new Date(Date.now() + 2 * 86_400_000 + 3_700_000).toISOString() })} names={names} onMove={() => {}} />);
    expect(screen.getByTestId("move-clock").textContent).toBe("2 d 1 h left for you and Bo to move");
  });

  it("offers the claim only to the player not to move, once the time is up", () => {
    const sent: Move[] = [];
    const late = new Date(Date.now() - 1000).toISOString();
    render(<MoveClock m={message({ deadline: late })} names={names} onMove={(m) => sent.push(m)} />);
    fireEvent.click(screen.getByRole("button", { name: "Claim the game" }));
    expect(sent).toEqual([{ type: "claim" }]);
    cleanup();
    render(<MoveClock m={message({ deadline: late, toMove: 1 })} names={names} onMove={() => {}} />);
    expect(screen.getByTestId("move-clock").textContent).toBe("Time is up for you");
    expect(screen.queryByRole("button")).toBeNull();
    cleanup();
    render(<MoveClock m={message({ deadline: late, seat: null })} names={names} onMove={() => {}} />);
    expect(screen.queryByRole("button")).toBeNull();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { replayFixture } from "@/lib/play/replay-fixture";
import { OnlineReplay } from "./online-replay";

afterEach(cleanup);

const { actions, dto } = replayFixture();

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

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { replayFixture } from "@/lib/play/replay-fixture";
import { ReplayEmbed } from "./replay-embed";
import { embedSnippet } from "./embed-code";

afterEach(cleanup);

const { actions, dto } = replayFixture();
const position = () => screen.getByTestId("embed-replay-position").textContent;
const turn = () => Number((screen.getByRole("combobox", { name: "Turn" }) as HTMLSelectElement).value);

describe("the replay widget (/embed/r/<code>)", () => {
  it("opens at the end with the players, their decks, the result and the final emeralds", () => {
    const r = dto("public");
    render(<ReplayEmbed r={r} href="https://rb.example/r/abcdefghijkl" />);
    const last = actions.length;
    expect(position()).toBe(`Step ${last} of ${last}`);
    expect(screen.getByRole("heading", { name: "Amy vs Knuckles" }).querySelector("a")!.getAttribute("href")).toBe("https://rb.example/r/abcdefghijkl");
    expect(screen.getByTestId("embed-replay-result").textContent).toMatch(/^(Amy|Knuckles) won|draw/);
    expect(screen.getByText("team-sonic-speed")).toBeTruthy();
    expect(screen.getByText("eggman-empire")).toBeTruthy();
    const end = r.replay.frames[last].view.emeralds;
    expect(screen.getByRole("img", { name: `Amy: ${end[0]} of 3 Chaos Emeralds` })).toBeTruthy();
    expect(screen.getByRole("img", { name: `Knuckles: ${end[1]} of 3 Chaos Emeralds` })).toBeTruthy();
    expect(screen.getByRole("grid").getAttribute("aria-label")).toBe("The field: Knuckles rows on top, Amy rows below");
    // links leave the framing page
    for (const a of screen.getAllByRole("link")) expect(a.getAttribute("target")).toBe("_blank");
  });

  it("renders its seek buttons disabled on the server, so that no click lands before hydration (enabled once rendered in the browser)", () => {
    const html = renderToString(<ReplayEmbed r={dto("public")} href="https://rb.example/r/x" />);
    for (const name of ["Start", "Previous turn", "Previous step", "Next step", "Next turn", "End"]) expect(html).toMatch(new RegExp(`<button[^>]*disabled=""[^>]*aria-label="${name}"`));
    render(<ReplayEmbed r={dto("public")} href="https://rb.example/r/x" />);
    expect((screen.getByRole("button", { name: "Start" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("seeks by step and by turn with its buttons, slider, turn menu and keys", () => {
    render(<ReplayEmbed r={dto("public")} href="https://rb.example/r/x" />);
    const last = actions.length;
    const controls = within(screen.getByRole("region", { name: "Replay controls" }));
    fireEvent.click(controls.getByRole("button", { name: "Start" }));
    expect(position()).toBe(`Step 0 of ${last}`);
    expect(screen.getByTestId("embed-replay-step").textContent).toBe("The deal: both players drew 7 cards.");
    expect(screen.getByRole("img", { name: "Amy: 0 of 3 Chaos Emeralds" })).toBeTruthy();
    expect((controls.getByRole("button", { name: "Previous step" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(controls.getByRole("button", { name: "Next step" }));
    expect(position()).toBe(`Step 1 of ${last}`);
    fireEvent.click(controls.getByRole("button", { name: "Next turn" }));
    expect(turn()).toBe(2);
    const turnTwo = position();
    fireEvent.keyDown(screen.getByRole("article"), { key: "ArrowRight", shiftKey: true });
    expect(turn()).toBe(3);
    fireEvent.click(controls.getByRole("button", { name: "Previous turn" }));
    expect(position()).toBe(turnTwo);
    fireEvent.keyDown(screen.getByRole("article"), { key: "ArrowLeft" });
    expect(turn()).toBe(1);
    fireEvent.change(screen.getByRole("combobox", { name: "Turn" }), { target: { value: "3" } });
    expect(turn()).toBe(3);
    fireEvent.change(controls.getByRole("slider", { name: "Replay position" }), { target: { value: "4" } });
    expect(position()).toBe(`Step 4 of ${last}`);
    fireEvent.keyDown(screen.getByRole("article"), { key: "End" });
    expect(position()).toBe(`Step ${last} of ${last}`);
    expect((controls.getByRole("button", { name: "Next step" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("posts its height to the framing page under the replay's id", async () => {
    const posts: unknown[] = [];
    const parent = { postMessage: (m: unknown, origin: string) => posts.push([m, origin]) };
    Object.defineProperty(window, "parent", { configurable: true, value: parent });
    class RO {
      observe() {}
      disconnect() {}
    }
    (globalThis as unknown as { ResizeObserver: typeof RO }).ResizeObserver = RO;
    try {
      render(<ReplayEmbed r={dto("public")} href="https://rb.example/r/x" />);
      expect(posts).toEqual([[{ type: "ringbinder:embed-height", id: "replay:abcdefghijkl", height: 0 }, "*"]]);
    } finally {
      Object.defineProperty(window, "parent", { configurable: true, value: window });
    }
  });

  it("the copyable iframe code frames the widget and accepts heights from its origin only", () => {
    const code = embedSnippet("https://rb.example/embed/r/abc", 'Replay: "A" vs <B>', "ringbinder-replay");
    expect(code).toContain('<iframe id="ringbinder-replay" src="https://rb.example/embed/r/abc"');
    expect(code).toContain('title="Replay: A vs B"');
    expect(code).toContain('e.origin !== "https://rb.example"');
    expect(code).toContain('e.data.type !== "ringbinder:embed-height"');
  });
});

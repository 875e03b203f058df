// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mixedDecks } from "@/lib/engine/test-fixtures";
import type { MatchupSpec } from "@/lib/lab/matchup";

const saveLabRunAction = vi.hoisted(() => vi.fn());
vi.mock("@/lib/lab/actions", () => ({ saveLabRunAction }));

const { LabRunner } = await import("./lab-runner");

const [A, B] = mixedDecks();
const spec = (seed: number): MatchupSpec => ({ you: A, opp: B, agents: ["random", "random"], seed });

beforeEach(() => saveLabRunAction.mockReset());
afterEach(cleanup);

function run(targets: (number | null)[], saveTarget: { deckId: string; version: number } | null = null) {
  render(
    <LabRunner
      youName="Speed"
      opponents={targets.map((_, i) => `Opponent ${i + 1}`)}
      specs={targets.map((_, i) => spec(10 + i))}
      rule={{ width: 0.2, maxGames: 1000 }}
      chunk={2}
      targets={targets}
      shareQuery="you=starter%3Ateam-sonic-speed&seed=10&run=1"
      saveTarget={saveTarget}
      seed={10}
      agents={["random", "random"]}
    />,
  );
}

describe("LabRunner (games played in-thread: jsdom has no Worker)", () => {
  it("plays the planned games, then shows each matchup's results and a link that reproduces them", async () => {
    run([6, 4]);
    expect(screen.getByRole("heading", { name: "Speed against 2 opponents" })).toBeTruthy();
    expect(screen.getByTestId("lab-status").textContent).toMatch(/^Running on 1 worker · \d+ games/);
    await waitFor(() => expect(screen.getByTestId("lab-status").textContent).toBe("Finished · 10 games"), { timeout: 20_000 });
    const panels = screen.getAllByTestId("lab-matchup");
    expect(panels).toHaveLength(2);
    const first = within(panels[0]);
    const all = first.getByRole("rowheader", { name: "All" }).parentElement!;
    const [games, won, lost, drawn] = Array.from(all.querySelectorAll("td")).map((td) => Number(td.textContent));
    expect(games).toBe(6);
    expect(won + lost + drawn).toBe(6);
    expect(first.getByTestId("lab-win-rate").textContent).toBe(`${((won / 6) * 100).toFixed(1)}%`);
    const chart = first.getByTestId("estimate-chart");
    expect(chart.getAttribute("aria-label")).toMatch(/^Win rate against Opponent 1 over games played: After 6 games the win rate is [\d.]+%, 95% interval [\d.]+–[\d.]+%\.$/);
    expect(screen.getByTestId("lab-share-link").getAttribute("href")).toBe("/lab?you=starter%3Ateam-sonic-speed&seed=10&run=1&n=6,4");
    // no deck of mine under test: nothing to save to
    expect(screen.queryByRole("button", { name: "Save to deck history" })).toBeNull();
  });

  it("stops and resumes", async () => {
    run([40]);
    fireEvent.click(screen.getByRole("button", { name: "Stop" }));
    await waitFor(() => expect(screen.getByTestId("lab-status").textContent).toMatch(/^Paused · \d+ games/));
    const paused = Number(/· (\d+) games/.exec(screen.getByTestId("lab-status").textContent!)![1]);
    expect(paused).toBeLessThan(40);
    fireEvent.click(screen.getByRole("button", { name: "Resume" }));
    await waitFor(() => expect(screen.getByTestId("lab-status").textContent).toBe("Finished · 40 games"), { timeout: 30_000 });
  }, 60_000);

  it("saves a finished run of my own deck to its history", async () => {
    saveLabRunAction.mockResolvedValue({ ok: true, message: "Saved to the deck's lab history." });
    run([4], { deckId: "d1", version: 3 });
    const save = await screen.findByRole("button", { name: "Save to deck history" }, { timeout: 20_000 });
    await act(async () => {
      fireEvent.click(save);
    });
    expect((await screen.findByRole("status")).textContent).toBe("Saved to the deck's lab history.");
    const sent = saveLabRunAction.mock.calls[0][0];
    expect(sent).toMatchObject({ deckId: "d1", deckVersion: 3, seed: 10, agents: ["random", "random"], query: "you=starter%3Ateam-sonic-speed&seed=10&run=1" });
    expect(sent.results).toHaveLength(1);
    expect(sent.results[0].name).toBe("Opponent 1");
    expect(sent.results[0].games).toBe(4);
    expect((screen.getByRole("button", { name: "Save to deck history" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

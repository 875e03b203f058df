// @vitest-environment jsdom
/**
 * The coach panel over a real run of the pool (in-thread workers): the start
 * button, the progress bar, Stop keeping what is done, the list of decisions
 * (buttons that seek) and the verdict at a decision's step.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CoachDecision, Player } from "@/lib/engine";
import type { CoachWorker } from "@/lib/coach/pool";
import { soloTasks, type CoachTask } from "@/lib/coach/tasks";
import { heuristicGame } from "@/lib/coach/test-game";
import { CoachPanel } from "./coach-panel";
import { useCoach } from "./use-coach";
import { WinBar } from "./win-bar";

afterEach(cleanup);

const game = heuristicGame(3);
const TASKS = soloTasks(game.states, game.actions, 0).slice(0, 3);

/** A made-up verdict per task: the second costs 30 points. */
function fake(t: CoachTask): CoachDecision {
  const cost = t === TASKS[1] ? 0.3 : 0;
  const best = t.played.type === "flip" ? { ...t.played, column: t.played.column === 1 ? 2 : 1 } : t.played;
  return { index: t.index, turn: t.view.turn, played: t.played, best, winPlayed: 0.4, winBest: 0.4 + cost, cost, marked: cost > 0.1 };
}

/** Workers that answer when the test says so. */
function heldWorkers() {
  const waiting: (() => void)[] = [];
  const terminated = vi.fn();
  const make = (): CoachWorker => ({
    analyse: (t) => new Promise((resolve) => waiting.push(() => resolve(fake(t)))),
    terminate: terminated,
  });
  return { waiting, terminated, make };
}

function Harness({ make, seek }: { make: () => CoachWorker; seek: (i: number) => void }) {
  const coach = useCoach(make);
  const [seat, setSeat] = useState<Player>(0);
  const [at, setAt] = useState(0);
  return (
    <CoachPanel
      coach={coach}
      seats={[
        { seat: 0, name: "Player 1" },
        { seat: 1, name: "Player 2 (AI)" },
      ]}
      seat={seat}
      onSeat={setSeat}
      you={0}
      tasksFor={(p) => (p === 0 ? TASKS : [])}
      seed={1}
      at={at}
      seek={(i) => {
        seek(i);
        setAt(i);
      }}
    />
  );
}

describe("the coach panel", () => {
  it("analyses with a progress bar, lists the decisions and seeks to one, showing the verdict", async () => {
    const w = heldWorkers();
    const seek = vi.fn();
    render(<Harness make={w.make} seek={seek} />);
    fireEvent.click(screen.getByRole("button", { name: "Analyse my play" }));
    const bar = screen.getByRole("progressbar", { name: "Coach progress" });
    expect(bar.getAttribute("aria-valuemax")).toBe(String(TASKS.length));
    expect(bar.getAttribute("aria-valuenow")).toBe("0");
    expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();
    for (let k = 0; k < TASKS.length; k++) {
      await waitFor(() => expect(w.waiting.length).toBeGreaterThan(0));
      await act(async () => w.waiting.shift()!());
      if (k === 0) await waitFor(() => expect(bar.getAttribute("aria-valuetext")).toMatch(/^1 of 3 decisions analysed, about \d+ (s|min \d+ s) left$/));
    }
    await waitFor(() => expect(screen.getByTestId("coach-status").textContent).toBe("Analysed 3 of 3 decisions: 1 cost more than 10 points."));
    const list = screen.getByRole("list", { name: "Your analysed decisions" });
    const items = list.querySelectorAll("button");
    expect(items).toHaveLength(3);
    expect(items[1].textContent).toMatch(/30 points lost$/);
    items[1].focus();
    fireEvent.click(items[1]);
    expect(seek).toHaveBeenCalledWith(TASKS[1].frame);
    expect(screen.getByTestId("coach-verdict").textContent).toMatch(/^You played .+ \(win 40%\) — better: .+ \(win 70%\)$/);
    expect(items[1].getAttribute("aria-current")).toBe("step");
    expect(w.terminated).toHaveBeenCalled();
  });

  it("stops: the workers are terminated and the decisions done are kept", async () => {
    const w = heldWorkers();
    render(<Harness make={w.make} seek={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Analyse my play" }));
    await waitFor(() => expect(w.waiting.length).toBeGreaterThan(0));
    await act(async () => w.waiting.shift()!());
    fireEvent.click(screen.getByRole("button", { name: "Stop" }));
    await waitFor(() => expect(screen.getByTestId("coach-status").textContent).toMatch(/^Stopped: analysed 1 of 3 decisions/));
    expect(w.terminated).toHaveBeenCalled();
    expect(screen.getByRole("list", { name: "Your analysed decisions" }).querySelectorAll("li")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Analyse my play" })).toBeTruthy();
  });

  it("offers the other seat, named", () => {
    render(<Harness make={heldWorkers().make} seek={() => {}} />);
    fireEvent.change(screen.getByLabelText("Player"), { target: { value: "1" } });
    expect(screen.getByRole("button", { name: "Analyse Player 2 (AI)'s play" })).toBeTruthy();
  });
});

describe("the win-probability bar", () => {
  it("is labelled and says its figures in words", () => {
    render(<WinBar chance={[0.62, 0.38]} names={["Ann", "Bo"]} updating={false} />);
    expect(screen.getByRole("region", { name: "Win chance (public information)" })).toBeTruthy();
    expect(screen.getByTestId("win-bar-text").textContent).toMatch(/^Ann 62%, Bo 38%/);
    cleanup();
    // from seat 1's side of a replay, seat 1 (drawn at the bottom) comes first
    render(<WinBar chance={[0.62, 0.38]} names={["Ann", "Bo"]} updating={false} bottom={1} />);
    expect(screen.getByTestId("win-bar-text").textContent).toMatch(/^Bo 38%, Ann 62%/);
  });
});

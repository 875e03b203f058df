// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mixedDecks } from "@/lib/engine/test-fixtures";
import { playMatchup, type MatchupSpec } from "@/lib/lab/matchup";

vi.mock("@/lib/lab/actions", () => ({ saveLabRunAction: vi.fn() }));
const { LabRunner } = await import("./lab-runner");

type Chunk = { matchup: number; from: number; to: number };

/**
 * A stand-in for the browser's Worker that answers the chunks it was sent only
 * when the test says so: what the lab does between Stop and the last running
 * chunk's answer is then a sequence of steps, not a race against the clock.
 */
class FakeWorker {
  static all: FakeWorker[] = [];
  /** Games in every chunk any worker was sent. */
  static handedOut = 0;
  onmessage: ((e: MessageEvent) => void) | null = null;
  specs: MatchupSpec[] = [];
  running: Chunk[] = [];
  constructor() {
    FakeWorker.all.push(this);
  }
  postMessage(msg: { type: "init"; specs: MatchupSpec[] } | ({ type: "chunk" } & Chunk)) {
    if (msg.type === "init") this.specs = msg.specs;
    else {
      this.running.push({ matchup: msg.matchup, from: msg.from, to: msg.to });
      FakeWorker.handedOut += msg.to - msg.from;
    }
  }
  /** Answers this worker's oldest running chunk with the games really played. */
  answer() {
    const c = this.running.shift();
    if (!c) throw new Error("this worker runs no chunk");
    this.onmessage?.({ data: { ok: true, ...c, tally: playMatchup(this.specs[c.matchup], c.from, c.to) } } as MessageEvent);
  }
  terminate() {}
}

const running = () => FakeWorker.all.reduce((n, w) => n + w.running.length, 0);
/** Answers the running chunk that starts earliest (the lab counts games in order, so a later chunk waits for it). */
function answerEarliest() {
  const busy = FakeWorker.all.filter((w) => w.running.length > 0).sort((a, b) => a.running[0].from - b.running[0].from);
  act(() => busy[0].answer());
}
const status = () => screen.getByTestId("lab-status").textContent ?? "";
/** Lets the lab's next animation frame render the state the answers left. */
const frame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));

beforeEach(() => {
  FakeWorker.all = [];
  FakeWorker.handedOut = 0;
  vi.stubGlobal("Worker", FakeWorker);
  Object.defineProperty(navigator, "hardwareConcurrency", { value: 2, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("LabRunner with workers", () => {
  it("counts the chunks that were running when Stop was clicked, then hands out no more until Resume", async () => {
    const [A, B] = mixedDecks();
    render(
      <LabRunner
        youName="Speed"
        opponents={["Opponent 1"]}
        specs={[{ you: A, opp: B, agents: ["random", "random"], seed: 3 }]}
        rule={{ width: 0.2, maxGames: 1000 }}
        chunk={2}
        targets={[40]}
        shareQuery="you=starter%3Ateam-sonic-speed&seed=3&run=1"
        saveTarget={null}
        seed={3}
        agents={["random", "random"]}
      />,
    );
    expect(FakeWorker.all).toHaveLength(2);
    expect(status()).toMatch(/^Running on 2 workers · 0 games/);
    // two chunks per worker are handed out: one running in each, one queued behind it
    expect(running()).toBe(2);
    answerEarliest();
    await frame();
    expect(status()).toMatch(/^Running on 2 workers · 2 games/);

    // the answer freed a slot: four chunks of two games are out again when Stop is clicked (two per worker:
    // one running, one in the runner's queue)
    fireEvent.click(screen.getByRole("button", { name: "Stop" }));
    await frame();
    expect(status()).toMatch(/^Paused · 2 games/);
    // every chunk handed out before Stop is still played and counted (the queued ones start as workers free up)
    while (running() > 0) answerEarliest();
    await frame();
    expect(status()).toMatch(/^Paused · 10 games/);
    // and no chunk was handed out after Stop: every game a worker was sent is counted, and the count holds
    expect(FakeWorker.handedOut).toBe(10);
    expect(running()).toBe(0);

    fireEvent.click(screen.getByRole("button", { name: "Resume" }));
    expect(running()).toBeGreaterThan(0);
    while (running() > 0) answerEarliest();
    await frame();
    expect(status()).toBe("Finished · 40 games");
  });
});

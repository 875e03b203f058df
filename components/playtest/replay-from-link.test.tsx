// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { starterDeckKeys } from "@/lib/playtest/cards";
import { encodeReplay } from "@/lib/playtest/replay-link";
import { demoCatalog } from "@/lib/playtest/test-catalog";

const replayCardsAction = vi.hoisted(() => vi.fn());
vi.mock("@/lib/playtest/actions", () => ({ replayCardsAction }));

const { ReplayFromLink } = await import("./replay-from-link");
const { ShareReplay } = await import("./share-replay");

const SONIC = starterDeckKeys("team-sonic-speed")!;
const EGGMAN = starterDeckKeys("eggman-empire")!;
const code = encodeReplay({ deckKeys: [SONIC, EGGMAN], deckNames: ["Team Sonic Speed", "Eggman Empire"], seed: 5, columnRule: "priority", maxTurns: 100, level: "random", actions: [], conceded: false, corrections: false });

/** The catalog answer for the keys asked, like the server action (unknown keys are left out). */
function catalogAnswer(drop: string[] = []) {
  return async (keys: string[]) => ({ ok: true, data: [...new Set(keys)].filter((k) => !drop.includes(k)).flatMap((k) => (demoCatalog().has(k) ? [[k, demoCatalog().get(k)!]] : [])) });
}

/**
 * Sets the fragment and waits for the hashchange event it queues. Setting
 * location.hash fires that event a task later; left unawaited it reaches
 * whichever component is mounted by then (the next test's), which then loads
 * again in the middle of that test. Every fragment change here goes through this.
 */
async function setHash(hash: string) {
  if (window.location.hash === hash) return;
  const fired = new Promise<void>((resolve) => window.addEventListener("hashchange", () => resolve(), { once: true }));
  window.location.hash = hash;
  await fired;
}

beforeEach(async () => {
  replayCardsAction.mockReset();
  await setHash("");
});
afterEach(async () => {
  cleanup();
  await setHash("");
});

describe("ReplayFromLink", () => {
  it("loads the cards of the replay in the fragment and shows the game", async () => {
    replayCardsAction.mockImplementation(catalogAnswer());
    await setHash(`#r=${code}`);
    render(<ReplayFromLink />);
    expect(screen.getByTestId("replay-loading").textContent).toBe("Loading the replay…");
    await waitFor(() => expect(screen.getByRole("heading", { name: "Replay" })).toBeTruthy());
    // the AI level by the name the setup gives it, not its id
    expect(screen.getByText(/^Team Sonic Speed vs Eggman Empire · AI: (Rookie|Racer|Champion)$/)).toBeTruthy();
    expect(replayCardsAction).toHaveBeenCalledWith([...SONIC, ...EGGMAN]);
  });

  it("says why a link cannot be shown: no replay, a damaged one, missing cards, a refused load", async () => {
    render(<ReplayFromLink />);
    expect((await screen.findByTestId("replay-error")).textContent).toBe("This link has no replay in it (nothing after #r=).");
    expect(screen.getByRole("link", { name: "Start a new playtest" }).getAttribute("href")).toBe("/playtest");
    cleanup();

    await setHash("#r=not-a-replay");
    render(<ReplayFromLink />);
    expect((await screen.findByTestId("replay-error")).textContent).not.toBe("");
    cleanup();

    replayCardsAction.mockImplementation(catalogAnswer([SONIC[0]]));
    await setHash(`#r=${code}`);
    render(<ReplayFromLink />);
    expect((await screen.findByTestId("replay-error")).textContent).toBe(
      `This replay uses a card that no longer exists in the catalog (${SONIC[0]}), so the game cannot be replayed.`,
    );
    cleanup();

    replayCardsAction.mockResolvedValue({ ok: false, message: "Too many requests: wait a moment." });
    render(<ReplayFromLink />);
    expect((await screen.findByTestId("replay-error")).textContent).toBe("Too many requests: wait a moment.");

  });

  it("loads again when the fragment changes", async () => {
    replayCardsAction.mockImplementation(catalogAnswer());
    render(<ReplayFromLink />);
    await screen.findByTestId("replay-error");
    // the browser's own hashchange (jsdom fires it), not one dispatched by hand
    await setHash(`#r=${code}`);
    await waitFor(() => expect(screen.getByRole("heading", { name: "Replay" })).toBeTruthy());
    expect(replayCardsAction).toHaveBeenCalledTimes(1);
  });

  it("shows the replay of the current fragment when a load for an earlier one answers last", async () => {
    const swapped = encodeReplay({ deckKeys: [EGGMAN, SONIC], deckNames: ["Eggman Empire", "Team Sonic Speed"], seed: 9, columnRule: "priority", maxTurns: 100, level: "random", actions: [], conceded: false, corrections: false });
    let answerFirst: (v: Awaited<ReturnType<ReturnType<typeof catalogAnswer>>>) => void = () => {};
    replayCardsAction.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve))).mockImplementation(catalogAnswer());
    await setHash(`#r=${code}`);
    render(<ReplayFromLink />);
    await setHash(`#r=${swapped}`);
    expect(await screen.findByText(/^Eggman Empire vs Team Sonic Speed · AI: /)).toBeTruthy();
    const late = await catalogAnswer()([...SONIC, ...EGGMAN]);
    await act(async () => answerFirst(late));
    expect(screen.getByText(/^Eggman Empire vs Team Sonic Speed · AI: /)).toBeTruthy();
    expect(screen.queryByText(/^Team Sonic Speed vs Eggman Empire/)).toBeNull();
    expect(replayCardsAction).toHaveBeenCalledTimes(2);
  });
});

describe("ShareReplay", () => {
  it("shows the full link in the fragment and copies it", async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error("denied"));
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(<ShareReplay code="abc" />);
    const link = `${window.location.origin}/playtest/replay#r=abc`;
    expect((screen.getByTestId("replay-link") as HTMLInputElement).value).toBe(link);
    expect(screen.getByRole("link", { name: "Open replay" }).getAttribute("href")).toBe("/playtest/replay#r=abc");
    fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    expect(await screen.findByText("Copied.")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link);
    fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    expect(await screen.findByText("Copy failed: select the link and copy it.")).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LookupCardDTO, PackOpeningDTO } from "@/lib/collection/types";
import type { ActionResult } from "@/lib/server/action-result";

/** Booster entry with no connection: lookup from the device's copy of the catalog, packs queued and synced once. */

const actions = vi.hoisted(() => ({
  savePackOpening: vi.fn<(prev: unknown, form: FormData) => Promise<ActionResult<PackOpeningDTO>>>(),
  undoLastPack: vi.fn<(prev: unknown, form: FormData) => Promise<ActionResult<PackOpeningDTO>>>(),
}));
vi.mock("@/lib/collection/actions", () => actions);

const { BoosterEntry } = await import("./booster-entry");
const { queuedPacks, resetOfflineStoreForTests } = await import("./offline-store");

const CATALOG: LookupCardDTO[] = [
  { id: "c1", key: "DEMO-001", set: "DEMO", number: 1, title: "Sonic the Hedgehog", colors: ["blue"], rarity: "rare", owned: 2 },
  { id: "c7", key: "DEMO-007", set: "DEMO", number: 7, title: "Knuckles", colors: ["red"], rarity: "common", owned: 1 },
];
const USER = "u-offline";
let online = true;

const fetchMock = vi.fn(async (url: string) => {
  if (!online) throw new TypeError("Failed to fetch");
  if (url.startsWith("/api/collection/lookup-index")) return new Response(JSON.stringify({ cards: CATALOG, savedAt: "2026-12-03T06:00:00Z" }));
  return new Response(JSON.stringify({ cards: [] }));
});

function goOnline(value: boolean) {
  online = value;
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
  act(() => void window.dispatchEvent(new Event(value ? "online" : "offline")));
}

beforeEach(() => {
  window.localStorage.clear();
  resetOfflineStoreForTests();
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockClear();
  actions.savePackOpening.mockReset();
  goOnline(true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function enterOffline() {
  render(<BoosterEntry userId={USER} isAdmin={false} defaultSet="DEMO" />);
  // the device's copy of the catalog arrives while online
  await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/collection/lookup-index", expect.anything()));
  await act(async () => {});
  goOnline(false);
  expect(screen.getByTestId("offline-status").textContent).toContain("You are offline.");
  const box = screen.getByRole("combobox", { name: "Card number or title" });
  fireEvent.change(box, { target: { value: "knu" } });
  await waitFor(() => expect(screen.getByRole("option", { name: /Knuckles/ })).toBeTruthy());
  fireEvent.keyDown(box, { key: "Enter" });
  await waitFor(() => expect(screen.getByTestId("pack-count").textContent).toBe("1 / 10 cards"));
  fireEvent.click(screen.getByRole("button", { name: /Save pack/ }));
  await waitFor(() => expect(screen.getByTestId("pack-queued").textContent).toContain("kept on this device"));
}

describe("booster entry offline", () => {
  it("looks cards up on the device and keeps the saved pack until the connection returns, then sends it once", async () => {
    await enterOffline();
    expect(actions.savePackOpening).not.toHaveBeenCalled();
    const queued = await queuedPacks(USER);
    expect(queued).toMatchObject([{ cardIds: ["c7"], labels: ["DEMO-007 Knuckles"] }]);
    expect(screen.getByTestId("packs-waiting").textContent).toContain("1 pack waiting to sync");
    expect(screen.getByTestId("pack-count").textContent).toBe("0 / 10 cards");

    actions.savePackOpening.mockResolvedValue({ ok: true, data: { id: "p1", createdAt: "", undoneAt: null, cardCount: 1, cards: [], canUndo: true } });
    goOnline(true);
    await waitFor(() => expect(actions.savePackOpening).toHaveBeenCalledTimes(1));
    const form = actions.savePackOpening.mock.calls[0][1];
    expect([form.getAll("cardId"), form.get("clientId"), form.get("forUser")]).toEqual([["c7"], queued[0].clientId, USER]);
    await waitFor(() => expect(screen.queryByTestId("offline-status")).toBeNull());
    expect(await queuedPacks(USER)).toEqual([]);
  });

  it("shows a pack the server refused, and discards it on request", async () => {
    await enterOffline();
    actions.savePackOpening.mockResolvedValue({ ok: false, code: "collection/unknown-card", message: "Unknown card: c7." });
    goOnline(true);
    await waitFor(() => expect(screen.getByText("Unknown card: c7.")).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Discard this pack" }));
    await waitFor(() => expect(screen.queryByTestId("offline-status")).toBeNull());
    expect(await queuedPacks(USER)).toEqual([]);
  });

  it("queues the pack when the save gets no answer though the browser thought it was online", async () => {
    render(<BoosterEntry userId={USER} isAdmin={false} defaultSet="DEMO" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    actions.savePackOpening.mockRejectedValue(new TypeError("Failed to fetch"));
    window.localStorage.setItem(`ringbinder:booster-pack:v2:${USER}`, JSON.stringify([{ uid: "a", card: CATALOG[0] }]));
    act(() => void window.dispatchEvent(new StorageEvent("storage", { key: `ringbinder:booster-pack:v2:${USER}` })));
    await waitFor(() => expect(screen.getByTestId("pack-count").textContent).toBe("1 / 10 cards"));
    fireEvent.click(screen.getByRole("button", { name: /Save pack/ }));
    await waitFor(() => expect(screen.getByTestId("pack-queued")).toBeTruthy());
    expect((await queuedPacks(USER)).map((p) => p.cardIds)).toEqual([["c1"]]);
  });
});

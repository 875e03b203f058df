import { beforeEach, describe, expect, it, vi } from "vitest";
import { enqueuePack, queuedPacks, resetOfflineStoreForTests, type QueuedPack } from "@/components/collection/offline-store";
import { packForm, syncOnce, syncQueuedPacks, type SavePack } from "@/components/collection/pack-sync";
import type { PackOpeningDTO } from "@/lib/collection/types";

const pack = (n: number, cardIds = ["c1"]): QueuedPack => ({ clientId: `00000000-0000-4000-8000-00000000000${n}`, cardIds, labels: [], savedAt: "2026-12-03T06:00:00Z" });
const saved = { ok: true, data: { cardCount: 1 } as PackOpeningDTO } as const;

/** A server that records each pack id once, as recordPackOpening does. */
function fakeServer() {
  const recorded = new Map<string, string[]>();
  const save: SavePack = vi.fn(async (_prev, form) => {
    const id = String(form.get("clientId"));
    if (!recorded.has(id)) recorded.set(id, form.getAll("cardId").map(String));
    return saved;
  });
  return { recorded, save };
}

beforeEach(() => resetOfflineStoreForTests());

describe("syncing packs saved offline", () => {
  it("sends each queued pack with its id and account, oldest first, and empties the queue", async () => {
    await enqueuePack("u1", pack(1, ["c1", "c1", "c2"]));
    await enqueuePack("u1", pack(2));
    const { recorded, save } = fakeServer();
    expect(await syncQueuedPacks("u1", save)).toEqual({ sent: 2, failed: 0, waiting: 0 });
    expect([...recorded.keys()]).toEqual([pack(1).clientId, pack(2).clientId]);
    expect(recorded.get(pack(1).clientId)).toEqual(["c1", "c1", "c2"]);
    expect((vi.mocked(save).mock.calls[0][1] as FormData).get("forUser")).toBe("u1");
    expect(await queuedPacks("u1")).toEqual([]);
  });

  it("keeps the queue when the connection is lost, and a later sync sends the rest once", async () => {
    await enqueuePack("u1", pack(1));
    await enqueuePack("u1", pack(2));
    const { recorded, save } = fakeServer();
    let calls = 0;
    const flaky: SavePack = async (p, f) => {
      if (++calls === 2) throw new TypeError("Failed to fetch");
      return save(p, f);
    };
    expect(await syncQueuedPacks("u1", flaky)).toEqual({ sent: 1, failed: 0, waiting: 1, stoppedBy: "offline" });
    expect((await queuedPacks("u1")).map((p) => p.clientId)).toEqual([pack(2).clientId]);
    expect(await syncQueuedPacks("u1", save)).toMatchObject({ sent: 1, waiting: 0 });
    expect(recorded.size).toBe(2);
  });

  it("marks a pack the server refuses for good, keeps it, and goes on with the next", async () => {
    await enqueuePack("u1", pack(1));
    await enqueuePack("u1", pack(2));
    const save: SavePack = async (_p, f) =>
      f.get("clientId") === pack(1).clientId ? { ok: false, code: "collection/unknown-card", message: "A card of this pack is no longer in the catalog." } : saved;
    expect(await syncQueuedPacks("u1", save)).toEqual({ sent: 1, failed: 1, waiting: 1 });
    expect(await queuedPacks("u1")).toEqual([{ ...pack(1), error: "A card of this pack is no longer in the catalog." }]);
  });

  it("stops without marking anything when the server says not now (signed out, another account, throttled)", async () => {
    await enqueuePack("u1", pack(1));
    const save: SavePack = async () => ({ ok: false, code: "auth/unauthenticated", message: "Sign in to continue." });
    expect(await syncQueuedPacks("u1", save)).toMatchObject({ sent: 0, waiting: 1, stoppedBy: "Sign in to continue." });
    expect(await queuedPacks("u1")).toEqual([pack(1)]);
  });

  it("keeps each account's queue apart, and queues a pack id once", async () => {
    await enqueuePack("u1", pack(1));
    await enqueuePack("u1", pack(1));
    await enqueuePack("u2", pack(2));
    expect(await queuedPacks("u1")).toHaveLength(1);
    const { recorded, save } = fakeServer();
    await syncQueuedPacks("u1", save);
    expect([...recorded.keys()]).toEqual([pack(1).clientId]);
    expect(await queuedPacks("u2")).toHaveLength(1);
  });

  it("runs one sync at a time in a tab", async () => {
    await enqueuePack("u1", pack(1));
    const { save } = fakeServer();
    const [a, b] = [syncOnce("u1", save), syncOnce("u1", save)];
    expect(a).toBe(b);
    await a;
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("builds the form the save action reads", () => {
    const f = packForm({ clientId: "id-1", cardIds: ["a", "a"] }, "u9");
    expect([f.getAll("cardId"), f.get("clientId"), f.get("forUser")]).toEqual([["a", "a"], "id-1", "u9"]);
  });
});

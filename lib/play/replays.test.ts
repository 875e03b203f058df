/**
 * Stored replays (lib/play/data/replays.ts): who may open one, a game that is
 * not over has none, and each side's frames show only that side's hand until
 * the last frame, where both are shown.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";
import type { Player } from "@/lib/engine";
import type { Listing } from "./types";

const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));

const t = createTestDatabase("play-replays");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { listMyGames } = await import("@/lib/play/data/games");
const { getReplay } = await import("@/lib/play/data/replays");
const { dressView } = await import("./replay");
const { makeUser, playToEnd: playGame } = await import("./test-fixture");

let users: [SessionUser, SessionUser, SessionUser];
beforeAll(async () => {
  users = [await makeUser(t.prisma, "Amy"), await makeUser(t.prisma, "Knuckles"), await makeUser(t.prisma, "Watcher")];
});

/** A game played to its end by first legal moves (the seat to move acts); its game code. */
async function playToEnd(listing: Listing, maxMoves = 600): Promise<string> {
  return (await playGame(t.prisma, users, listing, maxMoves)).code;
}

const replayCodeOf = async (gameCode: string) => (await t.prisma.playGame.findUniqueOrThrow({ where: { code: gameCode }, include: { replay: true } })).replay?.code ?? null;

describe("stored replays", () => {
  let open: string;
  let invite: string;
  beforeAll(async () => {
    open = (await replayCodeOf(await playToEnd("open")))!;
    invite = (await replayCodeOf(await playToEnd("invite", 40)))!;
  }, 120_000);

  it("gives every finished game a short random link, shown to its players in their games", async () => {
    expect(open).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(invite).not.toBe(open);
    const mine = await listMyGames(users[0]);
    expect(mine.filter((g) => g.status === "finished").map((g) => g.replayCode).sort()).toEqual([open, invite].sort());
    expect(mine.every((g) => !g.ranked)).toBe(true);
    // the account export names them too
    const { gamesForExport } = await import("@/lib/play/data/games");
    expect((await gamesForExport(users[0].id)).map((g) => g.replay).sort()).toEqual([open, invite].sort());
    // a game the ladder rates is labelled ranked in the lists
    const row = await t.prisma.playReplay.findUniqueOrThrow({ where: { code: invite } });
    await t.prisma.rankedGame.create({ data: { gameId: row.gameId } });
    const again = await listMyGames(users[1]);
    expect(again.filter((g) => g.ranked).map((g) => g.replayCode)).toEqual([invite]);
  });

  it("opens a lobby game's replay for anyone with the link, an invite game's for its players and admins only", async () => {
    await expect(getReplay(null, open)).resolves.toMatchObject({ code: open, mySeat: null });
    await expect(getReplay(users[2], open)).resolves.toMatchObject({ mySeat: null });
    await expect(getReplay(users[1], invite, 1)).resolves.toMatchObject({ mySeat: 1 });
    await expect(getReplay(null, invite)).rejects.toMatchObject({ code: "play/not-found" });
    await expect(getReplay(users[2], invite)).rejects.toMatchObject({ code: "play/not-found" });
    await expect(getReplay({ ...users[2], role: "admin" }, invite)).resolves.toMatchObject({ mySeat: null });
    await expect(getReplay(null, "no-such-replay")).rejects.toMatchObject({ code: "play/not-found" });
    await expect(getReplay(null, "%%")).rejects.toMatchObject({ code: "play/not-found" });
  });

  it("refuses a game that is not over with a typed error", async () => {
    const row = await t.prisma.playReplay.findUniqueOrThrow({ where: { code: invite } });
    await t.prisma.playGame.update({ where: { id: row.gameId }, data: { status: "active" } });
    try {
      await expect(getReplay(users[0], invite)).rejects.toMatchObject({ code: "play/not-finished" });
    } finally {
      await t.prisma.playGame.update({ where: { id: row.gameId }, data: { status: "finished" } });
    }
  });

  it("shows a side only its own hand before the end, and both hands at the end; the public view no hand before it", async () => {
    for (const side of [0, 1, "public"] as const) {
      const r = await getReplay(null, open, side);
      const frames = r.replay.frames;
      expect(frames.length).toBeGreaterThan(10);
      expect(frames[0].seq).toBe(0);
      for (const f of frames.slice(0, -1)) {
        for (const p of [0, 1] as Player[]) {
          if (side === p) expect(f.view.players[p].hand).not.toBeNull();
          else expect(f.view.players[p].hand).toBeNull();
        }
      }
      const end = frames[frames.length - 1].view;
      for (const p of [0, 1] as Player[]) expect(end.players[p].hand?.length).toBe(end.players[p].handCount);
      // the views hold card ids only; the replay's card table names them, and the seed stays on the server
      const dressed = dressView(end, r.replay.cards);
      expect(dressed.players[0].hand?.every((c) => typeof c.card.title === "string")).toBe(true);
      expect(JSON.stringify(r)).not.toMatch(/"seed"|inviteToken/);
    }
  });

  it("carries a side's own moves in its frames (the coach reads them), never the other seat's, none in the public view", async () => {
    for (const side of [0, 1, "public"] as const) {
      const acts = (await getReplay(null, open, side)).replay.frames.slice(1).map((f) => f.act!);
      for (const a of acts) {
        if (a.seat === side && a.type !== "concede" && a.type !== "claim") expect(a.action).toMatchObject({ type: a.type, player: side });
        else expect(a.action).toBeUndefined();
      }
      if (side !== "public") expect(acts.some((a) => a.action?.type === "place")).toBe(true);
    }
  });

  it("names in a side's frames no card of the other hand before the end", async () => {
    const r = await getReplay(null, open, 0);
    const frames = r.replay.frames;
    const end = frames[frames.length - 1].view;
    const oppHandAtEnd = new Set(end.players[1].hand!.map((c) => c.id));
    // a card of seat 1's hand at the end is named in the step before only where seat 0 could know it then:
    // seen in that hand (knownHand), or in a public place (a discard, a face-up card on the field)
    const before = frames[frames.length - 2].view;
    const known = new Set<number>(before.players[1].knownHand.map((c) => c.id));
    for (const side of before.players) {
      for (const c of side.discard) known.add(c.id);
      for (const x of [...side.chaos, ...side.spare]) if (x?.faceUp && x.card) known.add(x.card.id);
    }
    const seenBefore = JSON.stringify(before);
    for (const id of oppHandAtEnd) if (seenBefore.includes(`{"id":${id}}`)) expect(known.has(id), `card ${id}`).toBe(true);
    console.log(`replay size: ${(JSON.stringify(r).length / 1024).toFixed(0)} KiB for ${frames.length} frames`);
  });
});

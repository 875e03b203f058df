/**
 * The reconnect clock (docs/play.md): a seat with no open stream is away, the
 * move clock pauses while it is, its return moves the deadline on by the
 * pause, and once the reconnect clock is out the opponent may claim the game
 * through the referee. Time is simulated by dating the away row back.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import Redis from "ioredis";
import { createTestDatabase } from "@/test/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";
import type { Player } from "@/lib/engine";
import type { Pace } from "./types";

const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));

const t = createTestDatabase("play-presence");
h.prisma = t.prisma;
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const g = globalThis as unknown as { ringbinderRedis?: Redis | null; ringbinderPlayHub?: { sub: Redis | null } };
afterAll(async () => {
  g.ringbinderPlayHub?.sub?.disconnect();
  delete g.ringbinderPlayHub;
  if (g.ringbinderRedis) await g.ringbinderRedis.quit();
  delete g.ringbinderRedis;
  await t.cleanup();
});
afterEach(() => {
  delete process.env.PLAY_RECONNECT_SECONDS;
});

const { createGame, joinGame } = await import("@/lib/play/data/games");
const { loadGame, submit } = await import("./referee");
const { attend, awayOf, checkAbsent, claimGrounds, markBack, presentCount, reconnectMs } = await import("./presence");
const { makeUser, starterSeatDeck } = await import("./test-fixture");

let a: SessionUser;
let b: SessionUser;
beforeAll(async () => {
  a = await makeUser(t.prisma, "Ada");
  b = await makeUser(t.prisma, "Bo");
});

async function newGame(pace: Pace = "live"): Promise<{ code: string; id: string }> {
  const { code } = await createGame(a, { listing: "invite", pace, columnRule: "priority" }, starterSeatDeck());
  const row = await t.prisma.playGame.findUniqueOrThrow({ where: { code } });
  await joinGame(b, { token: row.inviteToken }, starterSeatDeck("eggman-empire"));
  return { code, id: row.id };
}

const actorOf = (p: Player) => ({ userId: p === 0 ? a.id : b.id });
const ago = (ms: number) => new Date(Date.now() - ms);

describe("presence in one process", () => {
  it("counts a seat's open streams and the spectators, and forgets a closed one", async () => {
    const { id } = await newGame();
    const s0 = attend(id, 0);
    const w1 = attend(id, null);
    const w2 = attend(id, null);
    expect([await presentCount(id, 0), await presentCount(id, 1), await presentCount(id, "watch")]).toEqual([1, 0, 2]);
    w1.close();
    w1.close();
    s0.close();
    expect([await presentCount(id, 0), await presentCount(id, "watch")]).toEqual([0, 1]);
    w2.close();
  });

  it("takes the reconnect clock from PLAY_RECONNECT_SECONDS, 60 s by default", () => {
    expect(reconnectMs()).toBe(60_000);
    process.env.PLAY_RECONNECT_SECONDS = "20";
    expect(reconnectMs()).toBe(20_000);
    process.env.PLAY_RECONNECT_SECONDS = "nonsense";
    expect(reconnectMs()).toBe(60_000);
  });
});

describe("the reconnect clock", () => {
  it("marks a seat with no open stream away, shows both players its deadline, and does not mark a present one", async () => {
    const { code, id } = await newGame();
    const s0 = attend(id, 0);
    expect(await checkAbsent(id, 0)).toBe(false);
    expect(await checkAbsent(id, 1)).toBe(true);
    // a second instance noticing at the same moment writes nothing more
    expect(await checkAbsent(id, 1)).toBe(false);
    const away = await awayOf((await loadGame(code))!.record);
    expect(away?.seat).toBe(1);
    expect(Date.parse(away!.until) - Date.parse(away!.since)).toBe(60_000);
    s0.close();
  });

  it("lets the opponent claim only once the reconnect clock is out, whoever is to move, and ends the game on time", async () => {
    const { code, id } = await newGame();
    expect(await checkAbsent(id, 1)).toBe(true);
    // both seats are to move (the play step): the move clock alone would give no claim
    await expect(submit(actorOf(0), code, { seq: 0, move: { type: "claim" } })).rejects.toMatchObject({ code: "play/not-yet", message: expect.stringMatching(/left to reconnect/) });
    await t.prisma.playAway.update({ where: { gameId: id }, data: { since: ago(61_000) } });
    // the away seat cannot claim against the one who stayed
    await expect(submit(actorOf(1), code, { seq: 0, move: { type: "claim" } })).rejects.toMatchObject({ code: "play/not-yet" });
    await submit(actorOf(0), code, { seq: 0, move: { type: "claim" } });
    const row = await t.prisma.playGame.findUniqueOrThrow({ where: { code } });
    expect([row.status, row.result, row.endReason]).toEqual(["finished", "0", "timeout"]);
    expect(await awayOf((await loadGame(code))!.record)).toBeNull();
  });

  it("pauses the move clock while a player is away and moves the deadline on by the pause when they are back", async () => {
    const { code, id } = await newGame();
    // the move began 40 s ago, the player went away 30 s ago
    const before = new Date((await t.prisma.playGame.findUniqueOrThrow({ where: { code } })).deadlineAt!.getTime() - 40_000);
    await t.prisma.playGame.update({ where: { code }, data: { deadlineAt: before } });
    await checkAbsent(id, 1, ago(30_000));
    // even past the move deadline, nobody may claim on the move clock while it is paused
    await t.prisma.playGame.update({ where: { code }, data: { deadlineAt: ago(1000), toMove: 2 } });
    await expect(claimGrounds((await loadGame(code))!.record, 0)).rejects.toMatchObject({ code: "play/not-yet" });
    await t.prisma.playGame.update({ where: { code }, data: { deadlineAt: before, toMove: 3 } });
    const now = new Date();
    expect(await markBack(id, 1, now)).toBe(true);
    expect(await markBack(id, 1, now)).toBe(false);
    const after = (await t.prisma.playGame.findUniqueOrThrow({ where: { code } })).deadlineAt!;
    expect(after.getTime() - before.getTime()).toBeGreaterThanOrEqual(29_000);
    expect(after.getTime() - before.getTime()).toBeLessThanOrEqual(31_000);
    expect(await t.prisma.playAway.count({ where: { gameId: id } })).toBe(0);
  });

  it("opening a stream for the seat brings it back", async () => {
    const { id } = await newGame();
    await checkAbsent(id, 0);
    const s = attend(id, 0);
    await vi.waitFor(async () => expect(await t.prisma.playAway.count({ where: { gameId: id } })).toBe(0));
    s.close();
  });

  it("has no reconnect clock in a correspondence game", async () => {
    const { code, id } = await newGame("correspondence");
    expect(await checkAbsent(id, 1)).toBe(false);
    expect(await awayOf((await loadGame(code))!.record)).toBeNull();
  });
});

describe("presence across instances (Redis)", () => {
  it("counts another instance's streams until their registrations expire", async () => {
    const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    let up = false;
    try {
      await probe.connect();
      up = (await probe.ping()) === "PONG";
    } catch {
      up = false;
    }
    if (!up) {
      probe.disconnect();
      if (process.env.CI) throw new Error("Redis is needed for this test in CI");
      return;
    }
    const prefix = `test-play-presence-${process.pid}-${Date.now()}:`;
    process.env.REDIS_URL = REDIS_URL;
    process.env.REDIS_PREFIX = prefix;
    // the process's Redis client and hub are made anew, now with REDIS_URL
    delete g.ringbinderRedis;
    delete g.ringbinderPlayHub;
    try {
      const { id } = await newGame();
      const key = (who: string) => `${prefix}play:presence:${id}:${who}`;
      // another instance's stream of seat 1 and a spectator there; one more whose instance was killed (expired)
      await probe.zadd(key("1"), Date.now() + 10_000, "other:a");
      await probe.zadd(key("watch"), Date.now() + 10_000, "other:b", Date.now() - 1, "killed:c");
      const here = attend(id, null);
      await vi.waitFor(async () => expect(await presentCount(id, "watch")).toBe(2));
      expect(await presentCount(id, 1)).toBe(1);
      expect(await checkAbsent(id, 1)).toBe(false);
      await probe.zrem(key("1"), "other:a");
      expect(await checkAbsent(id, 1)).toBe(true);
      here.close();
      await vi.waitFor(async () => expect(await presentCount(id, "watch")).toBe(1));
    } finally {
      await probe.quit();
      delete process.env.REDIS_URL;
      delete process.env.REDIS_PREFIX;
    }
  });
});

/**
 * The ladder against a scratch database: ranked games rate both players when
 * they end (a concession or a claim on time is a loss), unranked and
 * correspondence games change nothing, the same pair counts at most 3 games a
 * day, and the queue widens its window while players wait and never pairs a
 * player twice.
 */
import { afterAll, describe, expect, it, vi } from "vitest";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("ladder"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));
afterAll(() => t.cleanup());

const { createGame, joinGame } = await import("@/lib/play/data/games");
const { submit, loadGame } = await import("@/lib/play/referee");
const { messageFor } = await import("@/lib/play/views");
const { legalActionsForView } = await import("@/lib/engine");
const { starterSeatDeck, makeUser } = await import("@/lib/play/test-fixture");
const { createRankedGame } = await import("./data/ranked");
const { getLeaderboard, getMyRatings, getRatingHistory } = await import("./data/ratings");
const { joinQueue, pollQueue, leaveQueue, pairEntries, getQueueStatus } = await import("./data/queue");
const { seasonOf, START } = await import("./rating");

type User = Awaited<ReturnType<typeof makeUser>>;
const season = seasonOf(new Date());

/** A live game between a (seat 0) and b (seat 1), ranked or not; its code. */
async function game(a: User, b: User, opts: { ranked?: boolean; pace?: "live" | "correspondence" } = {}): Promise<string> {
  const settings = { listing: "invite" as const, pace: opts.pace ?? "live", columnRule: "priority" as const };
  const { code } = opts.ranked ? await createRankedGame(a, settings, starterSeatDeck()) : await createGame(a, settings, starterSeatDeck());
  await joinGame(b, { code: code, token: undefined } as never, starterSeatDeck("eggman-empire")).catch(async () => {
    const row = await t.prisma.playGame.findUniqueOrThrow({ where: { code } });
    await joinGame(b, { token: row.inviteToken }, starterSeatDeck("eggman-empire"));
  });
  return code;
}

async function concede(u: User, code: string) {
  const g = (await loadGame(code))!;
  await submit({ userId: u.id }, code, { seq: g.record.seq, move: { type: "concede" } });
}

async function ladderRating(u: User) {
  return (await getMyRatings(u, season)).ladder;
}

describe("ranked games", () => {
  it("rate both players when one concedes (resigning is a loss), with a point of history each", async () => {
    const [a, b] = [await makeUser(t.prisma, "Ann"), await makeUser(t.prisma, "Bob")];
    const code = await game(a, b, { ranked: true });
    await concede(b, code);
    const [ra, rb] = [await ladderRating(a), await ladderRating(b)];
    expect(ra).toMatchObject({ games: 1, wins: 1, losses: 0, provisional: true });
    expect(rb).toMatchObject({ games: 1, wins: 0, losses: 1 });
    expect(ra!.rating).toBeGreaterThan(START.rating);
    expect(rb!.rating).toBeLessThan(START.rating);
    const h = await getRatingHistory(null, a.id, "ladder", season);
    expect(h).toHaveLength(1);
    expect(h[0].delta).toBeGreaterThan(0);
    const board = await getLeaderboard(null, season);
    expect(board.findIndex((r) => r.userId === a.id)).toBeLessThan(board.findIndex((r) => r.userId === b.id));
  });

  it("count walking away as a loss: the opponent claims on time", async () => {
    const [a, b] = [await makeUser(t.prisma, "Stay"), await makeUser(t.prisma, "Walk")];
    const code = await game(a, b, { ranked: true });
    // a places; b walks away; the move clock runs out and a claims
    const g = (await loadGame(code))!;
    const place = legalActionsForView(messageFor(g.live!, 0, 0).view)[0] as { cards: (number | null)[] };
    await submit({ userId: a.id }, code, { seq: g.record.seq, move: { type: "place", cards: place.cards } });
    await t.prisma.playGame.update({ where: { code }, data: { deadlineAt: new Date(Date.now() - 1000) } });
    await submit({ userId: a.id }, code, { seq: g.record.seq, move: { type: "claim" } });
    expect((await t.prisma.playGame.findUniqueOrThrow({ where: { code } })).endReason).toBe("timeout");
    expect(await ladderRating(b)).toMatchObject({ games: 1, losses: 1 });
    expect(await ladderRating(a)).toMatchObject({ games: 1, wins: 1 });
  });

  it("leave the rating alone when unranked, and a correspondence game cannot be ranked nor count", async () => {
    const [a, b] = [await makeUser(t.prisma, "Una"), await makeUser(t.prisma, "Ulf")];
    await concede(b, await game(a, b));
    await concede(a, await game(a, b, { pace: "correspondence" }));
    await expect(createRankedGame(a, { listing: "invite", pace: "correspondence", columnRule: "priority" }, starterSeatDeck())).rejects.toMatchObject({ code: "ladder/ranked-live" });
    // a RankedGame row on a correspondence game (not made by the app) is settled as not counted
    const corr = await game(a, b, { pace: "correspondence" });
    const row = await t.prisma.playGame.findUniqueOrThrow({ where: { code: corr } });
    await t.prisma.rankedGame.create({ data: { gameId: row.id } });
    await concede(a, corr);
    expect(await t.prisma.rankedGame.findUniqueOrThrow({ where: { gameId: row.id } })).toMatchObject({ counted: false, reason: "not-live" });
    expect(await ladderRating(a)).toBeNull();
    expect(await ladderRating(b)).toBeNull();
    expect(await t.prisma.ratingHistory.count({ where: { userId: { in: [a.id, b.id] } } })).toBe(0);
  });

  it("count only the first 3 games between the same two players in 24 hours", async () => {
    const [a, b, c] = [await makeUser(t.prisma, "Farmer"), await makeUser(t.prisma, "Feeder"), await makeUser(t.prisma, "Other")];
    for (let i = 0; i < 4; i++) await concede(b, await game(i % 2 ? b : a, i % 2 ? a : b, { ranked: true }));
    expect(await ladderRating(a)).toMatchObject({ games: 3, wins: 3 });
    const rows = await t.prisma.rankedGame.findMany({ where: { pair: { contains: a.id } }, orderBy: { settledAt: "asc" } });
    expect(rows.map((r) => r.counted)).toEqual([true, true, true, false]);
    expect(rows[3].reason).toBe("pair-limit");
    // another opponent still counts
    await concede(c, await game(a, c, { ranked: true }));
    expect(await ladderRating(a)).toMatchObject({ games: 4 });
    // a day later the pair counts again
    await t.prisma.rankedGame.updateMany({ where: { pair: rows[0].pair }, data: { settledAt: new Date(Date.now() - 25 * 3600_000) } });
    await concede(b, await game(a, b, { ranked: true }));
    expect(await ladderRating(a)).toMatchObject({ games: 5 });
  });
});

describe("the queue", () => {
  async function rated(name: string, rating: number) {
    const u = await makeUser(t.prisma, name);
    await t.prisma.playerRating.create({ data: { userId: u.id, season, pool: "ladder", rating, rd: 80, vol: 0.06, games: 10, lastGameAt: new Date() } });
    return u;
  }

  it("pairs close ratings at once, and farther ones once the window has widened; then a ranked live game is on", async () => {
    const t0 = new Date();
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    const [a, b] = [await rated("Low", 1500), await rated("High", 1700)];
    expect(await joinQueue(a, starterSeatDeck(), t0)).toMatchObject({ state: "waiting", window: { low: 1400, high: 1600 }, rating: 1500 });
    expect(await joinQueue(b, starterSeatDeck("eggman-empire"), t0)).toMatchObject({ state: "waiting", others: 1 });
    expect(await pollQueue(a, at(10))).toMatchObject({ state: "waiting", window: { low: 1350, high: 1650 }, waitedSeconds: 10 });
    expect(await pollQueue(b, at(12))).toMatchObject({ state: "waiting" });
    // reading the status does not pair (the windows would hold each other by now)
    expect(await getQueueStatus(a, at(20))).toMatchObject({ state: "waiting", window: { low: 1300, high: 1700 } });
    expect(await getQueueStatus(b, at(20))).toMatchObject({ state: "waiting" });
    const paired = await pollQueue(a, at(20));
    expect(paired).toMatchObject({ state: "paired" });
    const code = (paired as { code: string }).code;
    expect(await pollQueue(b, at(21))).toEqual({ state: "paired", code });
    expect(await pollQueue(b, at(22))).toEqual({ state: "idle" });
    // one ranked game at a time: neither can queue again while it is on
    await expect(joinQueue(a, starterSeatDeck(), at(23))).rejects.toMatchObject({ code: "ladder/in-game" });
    const g = await t.prisma.playGame.findUniqueOrThrow({ where: { code }, include: { seats: true } });
    expect(g).toMatchObject({ status: "active", pace: "live", listing: "invite" });
    expect(g.seats.map((s) => s.userId).sort()).toEqual([a.id, b.id].sort());
    expect(await t.prisma.rankedGame.findUniqueOrThrow({ where: { gameId: g.id } })).toMatchObject({ waitSeconds: 20, counted: null });
    // the next player in the queue is told the recent pairings' wait
    const c = await rated("Next", 2400);
    expect(await joinQueue(c, starterSeatDeck(), at(30))).toMatchObject({ state: "waiting", expectedWaitSeconds: 20 });
    expect(await leaveQueue(c)).toEqual({ state: "idle" });
    expect(await pollQueue(c)).toEqual({ state: "idle" });
  });

  it("never pairs further than ±800, nor with a player whose page stopped asking", async () => {
    const t0 = new Date(Date.now() + 3600_000);
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    const [a, b, gone] = [await rated("Far1", 100), await rated("Far2", 950), await rated("Gone", 110)];
    await joinQueue(gone, starterSeatDeck(), t0);
    // "gone" never asks again: 20 s later it is stale, and a waits on
    await joinQueue(a, starterSeatDeck(), at(20));
    await joinQueue(b, starterSeatDeck(), at(20));
    for (let s = 30; s <= 320; s += 10) {
      expect((await pollQueue(a, at(s))).state).toBe("waiting");
      expect((await pollQueue(b, at(s))).state).toBe("waiting");
    }
    await Promise.all([a, b, gone].map((u) => leaveQueue(u)));
  });

  it("never pairs a player twice when everyone asks at once", async () => {
    const t0 = new Date(Date.now() + 7200_000);
    const players = await Promise.all(["P1", "P2", "P3", "P4", "P5"].map((n) => rated(n, 1500)));
    for (const p of players) await joinQueue(p, starterSeatDeck(), t0);
    const codes = new Map<string, string>();
    for (let round = 1; round <= 3; round++) {
      const out = await Promise.all(players.map((p) => pollQueue(p, new Date(t0.getTime() + round * 1000))));
      out.forEach((s, i) => {
        if (s.state !== "paired") return;
        const before = codes.get(players[i].id);
        expect(before === undefined || before === s.code).toBe(true);
        codes.set(players[i].id, s.code);
      });
    }
    const ids = players.map((p) => p.id);
    const seats = await t.prisma.playSeat.findMany({ where: { userId: { in: ids } } });
    // two games of two, one player left waiting; nobody sits twice
    expect(seats).toHaveLength(4);
    expect(new Set(seats.map((s) => s.userId)).size).toBe(4);
    expect(new Set(seats.map((s) => s.gameId)).size).toBe(2);
    expect(await t.prisma.ladderQueueEntry.count({ where: { userId: { in: ids }, gameCode: null } })).toBe(1);
  });

  it("refuses a pairing with a player who was paired a moment before (the transaction rolls back, no second game)", async () => {
    const now = new Date(Date.now() + 9000_000);
    const [a, b, c] = await Promise.all([rated("R1", 1000), rated("R2", 2000), rated("R3", 3000)]);
    for (const u of [a, b, c]) await joinQueue(u, starterSeatDeck(), now);
    // the entries as three pollers read them before any pairing
    const read = async (u: User) => t.prisma.ladderQueueEntry.findUniqueOrThrow({ where: { userId: u.id } });
    const [ea, eb, ec] = [await read(a), await read(b), await read(c)];
    expect(await pairEntries(ea, eb, now)).toEqual(expect.any(String));
    expect(await pairEntries(eb, ec, now)).toBeNull();
    expect(await pairEntries(ec, ea, now)).toBeNull();
    expect(await t.prisma.playSeat.count({ where: { userId: { in: [a.id, b.id, c.id] } } })).toBe(2);
    expect((await read(c)).gameCode).toBeNull();
  });
});

/**
 * Games in the account's life: the export holds the player's games (their own
 * moves, the opponent's only once a game is over), and deleting the account
 * leaves the opponent's record of each game with the player anonymised. The
 * export also holds the account's ladder ratings and their history.
 */
import { afterAll, describe, expect, it, vi } from "vitest";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("play-account"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));
process.env.RATE_LIMIT_PREFIX = `test-play-account-${process.pid}-${Date.now()}`;
afterAll(() => t.cleanup());

const account = await import("@/lib/accounts/data/account");
const { createGame, joinGame, listMyGames } = await import("@/lib/play/data/games");
const { submit, loadGame } = await import("./referee");
const { messageFor } = await import("./views");
const { starterSeatDeck } = await import("./test-fixture");
const { hashPassword } = await import("@/lib/accounts/password");
const { legalActionsForView } = await import("@/lib/engine");

async function person(name: string) {
  const u = await t.prisma.user.create({ data: { email: `${name}@play-account.test`, displayName: name, passwordHash: await hashPassword("correct horse battery") } });
  return { id: u.id, email: u.email, displayName: u.displayName, role: "user" as const };
}

describe("games and the account", () => {
  it("are exported without the opponent's hidden moves, and survive the account's deletion, anonymised", async () => {
    const leaver = await person("Leaver");
    const stayer = await person("Stayer");
    const { code } = await createGame(leaver, { listing: "open", pace: "correspondence", columnRule: "no-mirror" }, starterSeatDeck());
    const waiting = await createGame(leaver, { listing: "open", pace: "live", columnRule: "priority" }, starterSeatDeck());
    await joinGame(stayer, { code }, starterSeatDeck("eggman-empire"));
    // the stayer places first (held), the leaver second: both are in the log
    for (const [user, seat] of [[stayer, 1], [leaver, 0]] as const) {
      const g = (await loadGame(code))!;
      const m = messageFor(g.live!, seat, 0);
      const place = legalActionsForView(m.view)[0] as { cards: (number | null)[] };
      await submit({ userId: user.id }, code, { seq: m.seq, move: { type: "place", cards: place.cards } });
    }
    const exported = await account.exportMyData(leaver);
    const game = exported.games.find((g) => g.code === code)!;
    expect(game.seat).toBe(0);
    expect(game.actions.map((a) => a.seat)).toEqual([0]);
    expect(game.players.map((p) => p.cards === null)).toEqual([false, true]);
    expect(JSON.stringify(exported.games)).not.toMatch(/"seed"|inviteToken/);

    await account.deleteMyAccount(leaver, "correct horse battery");
    const mine = await listMyGames(stayer);
    expect(mine.map((g) => g.code)).toEqual([code]);
    expect(mine[0].players.map((p) => p.name)).toEqual(["Deleted player", "Stayer"]);
    expect(await t.prisma.playSeat.count({ where: { userId: leaver.id } })).toBe(0);
    expect((await t.prisma.playGame.findUniqueOrThrow({ where: { code: waiting.code } })).status).toBe("cancelled");
    // the log is the opponent's record: it still replays
    expect((await loadGame(code))!.live!.state.step).toBe("rush");
  });

  it("export the account's ladder ratings and rating history, and nobody else's", async () => {
    const me = await person("Rated");
    const other = await person("Other");
    const r = { season: 1, pool: "ladder", rating: 1562.5, rd: 180, vol: 0.06, games: 1, wins: 1, losses: 0, draws: 0, lastGameAt: new Date("2026-12-01T10:00:00Z") };
    await t.prisma.playerRating.create({ data: { userId: me.id, ...r } });
    await t.prisma.playerRating.create({ data: { userId: other.id, ...r, rating: 1400 } });
    await t.prisma.ratingHistory.create({ data: { userId: me.id, season: 1, pool: "ladder", rating: 1562.5, rd: 180, delta: 62.5, at: new Date("2026-12-01T10:00:00Z"), gameId: "g1" } });
    await t.prisma.ratingHistory.create({ data: { userId: other.id, season: 1, pool: "ladder", rating: 1400, rd: 180, delta: -100, gameId: "g1" } });
    const { ladder } = await account.exportMyData(me);
    expect(ladder.ratings).toEqual([{ season: 1, pool: "ladder", rating: 1562.5, deviation: 180, volatility: 0.06, games: 1, wins: 1, losses: 0, draws: 0, lastGameAt: "2026-12-01T10:00:00.000Z" }]);
    expect(ladder.history).toEqual([{ season: 1, pool: "ladder", rating: 1562.5, deviation: 180, delta: 62.5, at: "2026-12-01T10:00:00.000Z" }]);
  });
});

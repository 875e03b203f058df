/**
 * Tests only: two players at a game of the referee, on a throwaway database
 * (the caller mocks lib/server/db/db and lib/server/session), with starter decks built from
 * the shipped demo set.
 */
import { resolveCardKeys, starterDeckKeys } from "@/lib/playtest/cards";
import { demoCatalog } from "@/lib/playtest/test-catalog";
import type { SessionUser } from "@/lib/accounts/data";
import { legalActionsForView, type Player } from "@/lib/engine";
import type { GameRecord, Listing, SeatDeck } from "./types";

/** A starter deck as a seat's deck. */
export function starterSeatDeck(slug = "team-sonic-speed"): SeatDeck {
  const keys = starterDeckKeys(slug);
  if (!keys) throw new Error(`no starter ${slug}`);
  const r = resolveCardKeys(keys, demoCatalog());
  if (!r.ok) throw new Error(r.error.reason);
  return { name: slug, keys, cards: r.cards };
}

/** The one table this helper writes, typed by shape (only data access imports Prisma's types). */
type UserTable = { user: { create(args: { data: { email: string; displayName: string; passwordHash: string } }): PromiseLike<{ id: string; email: string; displayName: string }> } };

let n = 0;

/** A new account, as the session would see it. */
export async function makeUser(prisma: UserTable, name: string): Promise<SessionUser> {
  n++;
  const u = await prisma.user.create({ data: { email: `${name.toLowerCase()}-${n}-${process.pid}@play.test`, displayName: name, passwordHash: "x" } });
  return { id: u.id, email: u.email, displayName: u.displayName, role: "user" };
}

/** The one table playToEnd reads, typed by shape. */
type GameTable = { playGame: { findUniqueOrThrow(args: { where: { code: string }; include: { replay: true } }): PromiseLike<{ inviteToken: string; replay: { code: string } | null }> } };

/**
 * A game between `users[0]` (seat 0, Team Sonic Speed) and `users[1]` (Eggman
 * Empire) played to its end by first legal moves (the seat to move acts; after
 * `maxMoves`, seat 0 concedes): its game code and its replay's code.
 */
export async function playToEnd(prisma: GameTable, users: readonly [SessionUser, SessionUser, ...SessionUser[]], listing: Listing, maxMoves = 600): Promise<{ code: string; replay: string }> {
  const { createGame, joinGame } = await import("./data/games");
  const { loadGame, submit, toMoveMask } = await import("./referee");
  const { messageFor } = await import("./views");
  const { code } = await createGame(users[0], { listing, pace: "live", columnRule: "priority" }, starterSeatDeck());
  await joinGame(users[1], listing === "open" ? { code } : { token: (await prisma.playGame.findUniqueOrThrow({ where: { code }, include: { replay: true } })).inviteToken }, starterSeatDeck("eggman-empire"));
  for (let i = 0; i < maxMoves; i++) {
    const live = (await loadGame(code))!.live!;
    if (live.record.status === "finished") break;
    const mask = toMoveMask(live.state, live.held);
    const seat: Player = mask & 1 ? 0 : 1;
    const m = messageFor(live, seat, 0);
    const { player: _p, ...move } = legalActionsForView(m.view)[0];
    await submit({ userId: users[seat].id }, code, { seq: m.seq, move });
  }
  const live = (await loadGame(code))!.live!;
  if (live.record.status !== "finished") await submit({ userId: users[0].id }, code, { seq: live.record.seq, move: { type: "concede" } });
  const replay = (await prisma.playGame.findUniqueOrThrow({ where: { code }, include: { replay: true } })).replay?.code;
  if (!replay) throw new Error(`game ${code} has no replay`);
  return { code, replay };
}

/** A stored game without a database: Amy (Team Sonic Speed) against Knuckles (Eggman Empire), live, open; `over` replaces fields. */
export function gameRecord(over: Partial<GameRecord> = {}): GameRecord {
  return {
    id: "g1",
    code: "game",
    inviteToken: "t",
    listing: "open",
    pace: "live",
    columnRule: "priority",
    maxTurns: 100,
    seed: 1,
    lead: 0,
    status: "active",
    seq: 0,
    toMove: 0,
    deadlineAt: null,
    held: [null, null],
    result: null,
    endReason: null,
    rematchOfId: null,
    createdAt: "2026-12-01T10:00:00.000Z",
    finishedAt: null,
    replayCode: null,
    seats: [
      { seat: 0, userId: "u0", playerName: "Amy", deck: starterSeatDeck() },
      { seat: 1, userId: "u1", playerName: "Knuckles", deck: starterSeatDeck("eggman-empire") },
    ],
    ...over,
  };
}

import "server-only";
import { randomBytes, randomInt } from "node:crypto";
import { db } from "@/lib/server/db/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { plainQuery } from "@/lib/server/db/plain-sql";
import { requireActor, type Actor } from "@/lib/server/actor";
import { DomainError } from "@/lib/server/errors";
import type { Player } from "@/lib/engine";
import type { GameRecord, GameSummary, Listing, Pace, PlayColumnRule, SeatDeck, SeatRecord } from "@/lib/play/types";
import { deadlineFrom } from "@/lib/play/clock";
import { gameInclude, plainGameRow, toGameRecord, toGameSummary, type PlainGameRow, type PlainSeatRow } from "./records";
import { rankedAmong } from "@/lib/ladder/data";

/** The summaries with the ladder's ranked games marked. */
async function markRanked(rows: { id: string }[], summaries: GameSummary[]): Promise<GameSummary[]> {
  const ranked = await rankedAmong(rows.map((r) => r.id));
  return summaries.map((s, i) => (ranked.has(rows[i].id) ? { ...s, ranked: true } : s));
}

/** A URL-safe random string from the server's CSPRNG (`bytes` of entropy). */
function token(bytes: number): string {
  return randomBytes(bytes).toString("base64url");
}

/** The settings a new game is created with. */
export interface NewGameSettings {
  listing: Listing;
  pace: Pace;
  columnRule: PlayColumnRule;
  /** Moves (logged actions) the spectators see the game behind; 0 or absent: none (lib/play/data/delay.ts). */
  spectatorDelay?: number;
}

function seatData(seat: Player, userId: string, playerName: string, deck: SeatDeck) {
  return { seat, userId, playerName, deckName: deck.name, deckKeys: JSON.stringify(deck.keys), deckCards: JSON.stringify(deck.cards) };
}

function isUniqueViolation(e: unknown): boolean {
  return (e as { code?: string }).code === "P2002";
}

/**
 * A new game with the signed-in user in seat 0 and seat 1 free: its game link
 * and invite link are random (128 and 144 bits), its seed and its lead are
 * drawn here with the server's CSPRNG.
 */
export async function createGame(actor: Actor, settings: NewGameSettings, deck: SeatDeck, client: Prisma.TransactionClient = db): Promise<{ code: string; id: string }> {
  const user = requireActor(actor);
  const code = token(16);
  const game = await client.playGame.create({
    data: {
      code,
      inviteToken: token(18),
      listing: settings.listing,
      pace: settings.pace,
      columnRule: settings.columnRule,
      seed: randomInt(0, 0x7fffffff),
      lead: randomInt(0, 2),
      seats: { create: [seatData(0, user.id, user.displayName, deck)] },
    },
    select: { id: true },
  });
  if (settings.spectatorDelay) await client.playSpectatorDelay.create({ data: { gameId: game.id, moves: settings.spectatorDelay } });
  return { code, id: game.id };
}

/**
 * Inside the ladder's pairing transaction (lib/ladder/data/queue.ts): a live
 * game already under way between two players the queue paired, each with the
 * deck fixed when they joined it; reached only by its links (not the lobby).
 */
export async function createMatchedGameTx(tx: Prisma.TransactionClient, players: [MatchedPlayer, MatchedPlayer], columnRule: PlayColumnRule): Promise<{ code: string; id: string }> {
  const code = token(16);
  const { id } = await tx.playGame.create({
    data: {
      code,
      inviteToken: token(18),
      listing: "invite",
      pace: "live",
      columnRule,
      seed: randomInt(0, 0x7fffffff),
      lead: randomInt(0, 2),
      status: "active",
      toMove: 3,
      deadlineAt: deadlineFrom("live", new Date()),
      seats: { create: players.map((p, seat) => seatData(seat as Player, p.userId, p.playerName, p.deck)) },
    },
    select: { id: true },
  });
  return { code, id };
}

/** A player the ladder's queue seats at a game. */
export interface MatchedPlayer {
  userId: string;
  playerName: string;
  deck: SeatDeck;
}

/**
 * The signed-in user takes the free seat of a waiting game, reached by its
 * invite token, or by its game code when the game is open in the lobby. Of two
 * players taking the same seat at once, one sits (the seat's key decides) and
 * the other is told it is taken. The game is then active.
 */
export async function joinGame(actor: Actor, by: { token: string } | { code: string }, deck: SeatDeck): Promise<{ code: string }> {
  const user = requireActor(actor);
  const row = await db.playGame.findUnique({ where: "token" in by ? { inviteToken: by.token } : { code: by.code }, include: gameInclude });
  if (!row || ("code" in by && row.listing !== "open")) throw new DomainError("play/not-found", "There is no such game.");
  if (row.seats.some((s) => s.userId === user.id)) return { code: row.code };
  if (row.status !== "waiting") throw new DomainError("play/taken", "This game already has two players.");
  try {
    await db.$transaction([
      db.playSeat.create({ data: { gameId: row.id, ...seatData(1, user.id, user.displayName, deck) } }),
      db.playGame.update({ where: { id: row.id, status: "waiting" }, data: { status: "active", toMove: 3, deadlineAt: deadlineFrom(row.pace as Pace, new Date()) } }),
    ]);
  } catch (e) {
    if (isUniqueViolation(e) || (e as { code?: string }).code === "P2025") throw new DomainError("play/taken", "Someone else took the seat a moment ago.");
    throw e;
  }
  return { code: row.code };
}

/** The host withdraws a game nobody has joined yet. */
export async function cancelGame(actor: Actor, code: string): Promise<void> {
  const user = requireActor(actor);
  const r = await db.playGame.updateMany({ where: { code, status: "waiting", seats: { some: { seat: 0, userId: user.id } } }, data: { status: "cancelled" } });
  if (r.count === 0) throw new DomainError("play/not-found", "There is no waiting game of yours with this link.");
}

/**
 * A rematch of a finished game the signed-in user sat at: the same seats,
 * decks and settings, the other seat leading. One rematch per game: a second
 * request (the opponent's, at the same moment) gets the same new game.
 */
export async function rematchGame(actor: Actor, code: string): Promise<{ code: string }> {
  const user = requireActor(actor);
  const row = await db.playGame.findUnique({ where: { code }, include: gameInclude });
  if (!row || !row.seats.some((s) => s.userId === user.id)) throw new DomainError("play/not-found", "There is no such game of yours.");
  if (row.status !== "finished") throw new DomainError("play/not-finished", "A rematch starts once the game is over.");
  if (row.seats.length !== 2 || row.seats.some((s) => s.userId === null)) throw new DomainError("play/no-opponent", "Your opponent's account is gone: start a new game instead.");
  const existing = await db.playGame.findUnique({ where: { rematchOfId: row.id }, select: { code: true } });
  if (existing) return existing;
  const next = token(16);
  try {
    const made = await db.playGame.create({
      data: {
        code: next,
        inviteToken: token(18),
        listing: "invite",
        pace: row.pace,
        columnRule: row.columnRule,
        maxTurns: row.maxTurns,
        seed: randomInt(0, 0x7fffffff),
        lead: 1 - row.lead,
        status: "active",
        toMove: 3,
        deadlineAt: deadlineFrom(row.pace as Pace, new Date()),
        rematchOfId: row.id,
        seats: { create: row.seats.map(({ gameId: _g, joinedAt: _j, ...s }) => s) },
      },
    });
    const delay = await db.playSpectatorDelay.findUnique({ where: { gameId: row.id } });
    if (delay) await db.playSpectatorDelay.create({ data: { gameId: made.id, moves: delay.moves } });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    return db.playGame.findUniqueOrThrow({ where: { rematchOfId: row.id }, select: { code: true } });
  }
  return { code: next };
}

/** Open games waiting for a second player, newest first (public: anyone may look, sitting needs an account). */
export async function listLobby(actor: Actor | null): Promise<GameSummary[]> {
  const viewer = actor;
  const rows = await db.playGame.findMany({ where: { status: "waiting", listing: "open" }, include: gameInclude, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: 50 });
  return markRanked(rows, rows.map((r) => toGameSummary(toGameRecord(r), viewer?.id ?? null)));
}

/** The signed-in user's games, most recently changed first (waiting, live, correspondence and finished alike). */
export async function listMyGames(actor: Actor): Promise<GameSummary[]> {
  const user = requireActor(actor);
  const rows = await db.playGame.findMany({
    where: { seats: { some: { userId: user.id } }, status: { not: "cancelled" } },
    include: gameInclude,
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    take: 200,
  });
  return markRanked(rows, rows.map((r) => toGameSummary(toGameRecord(r), user.id)));
}

/** A game as its page shows it to the viewer: its summary, and the invite link for the players. */
export interface GamePage {
  summary: GameSummary;
  /** The invite link's token: shown to the seated players only, while a seat is free. */
  inviteToken: string | null;
  /** The code of this game's rematch, once there is one. */
  rematchCode: string | null;
}

/**
 * A game by its game link, for anyone who has the link (the code is the
 * capability to watch); the invite token only for its players. Null for an
 * unknown or cancelled game.
 */
export async function getGamePage(actor: Actor | null, code: string): Promise<GamePage | null> {
  const viewer = actor;
  const row = await db.playGame.findUnique({ where: { code }, include: { ...gameInclude, rematch: { select: { code: true } } } });
  if (!row || row.status === "cancelled") return null;
  const g = toGameRecord(row);
  const [summary] = await markRanked([row], [toGameSummary(g, viewer?.id ?? null)]);
  return { summary, inviteToken: summary.mySeat !== null && g.status === "waiting" ? g.inviteToken : null, rematchCode: row.rematch?.code ?? null };
}

/** What an invite link leads to: the game's code and whether its seat is still free (the token is the capability). */
export async function getInvite(inviteToken: string): Promise<{ code: string; free: boolean; hostName: string } | null> {
  const row = await db.playGame.findUnique({ where: { inviteToken }, include: gameInclude });
  if (!row || row.status === "cancelled") return null;
  return { code: row.code, free: row.status === "waiting", hostName: row.seats[0]?.playerName ?? "" };
}

/**
 * The referee's record of a game by its code (seed included: lib/play only,
 * never sent on). `decks`: the seats' decks as the caller already holds them
 * (fixed when each player sat): the seats are then read without their deck
 * columns, which are the bulk of the row. Plain SQL (lib/server/db/plain-sql.ts):
 * every stream's opening and every game another instance changed reads it.
 */
export async function loadGameRecord(code: string, decks?: SeatRecord["deck"][]): Promise<GameRecord | null> {
  const [g] = await plainQuery<PlainGameRow>(Prisma.sql`
    SELECT g."id", g."code", g."inviteToken", g."listing", g."pace", g."columnRule", g."maxTurns", g."seed", g."lead", g."status", g."seq", g."toMove",
           g."held0", g."held1", g."result", g."endReason", g."rematchOfId", g."createdAt", g."updatedAt", g."finishedAt", g."deadlineAt", r."code" AS "replayCode"
    FROM "PlayGame" g LEFT JOIN "PlayReplay" r ON r."gameId" = g."id" WHERE g."code" = ${code}`);
  if (!g) return null;
  const known = decks?.length === 2;
  const seats = await plainQuery<PlainSeatRow>(
    known
      ? Prisma.sql`SELECT "gameId", "seat", "userId", "playerName", "deckName", "joinedAt" FROM "PlaySeat" WHERE "gameId" = ${g.id} ORDER BY "seat"`
      : Prisma.sql`SELECT "gameId", "seat", "userId", "playerName", "deckName", "joinedAt", "deckKeys", "deckCards" FROM "PlaySeat" WHERE "gameId" = ${g.id} ORDER BY "seat"`,
  );
  // fewer than two seats with the decks the caller kept (not this game's): read as without them, deck columns and all
  if (known && seats.length !== 2) return loadGameRecord(code);
  return toGameRecord(plainGameRow(g, seats), known ? decks : undefined);
}

/**
 * Inside deleteMyAccount's transaction: the account's seats keep the games for
 * their opponents, anonymised (the name becomes "Deleted player"; the user id
 * goes with the account), and its games still waiting for an opponent are withdrawn.
 */
export async function anonymiseSeatsTx(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.playGame.updateMany({ where: { status: "waiting", seats: { some: { userId } } }, data: { status: "cancelled" } });
  await tx.playSeat.updateMany({ where: { userId }, data: { playerName: "Deleted player", userId: null } });
}

/** The account export's games: the user's own seats, settings, result and action log (no seed, no opponent's hidden deck before the end). */
export async function gamesForExport(userId: string) {
  const rows = await db.playGame.findMany({ where: { seats: { some: { userId } } }, include: { seats: { orderBy: { seat: "asc" } }, actions: { orderBy: { seq: "asc" } }, replay: { select: { code: true } } }, orderBy: { createdAt: "asc" } });
  return rows.map((g) => {
    const mine = g.seats.find((s) => s.userId === userId)!.seat;
    return {
      code: g.code,
      pace: g.pace,
      columnRule: g.columnRule,
      status: g.status,
      result: g.result,
      endReason: g.endReason,
      createdAt: g.createdAt.toISOString(),
      finishedAt: g.finishedAt?.toISOString() ?? null,
      // the replay link's code (/r/<code>) of a finished game
      replay: g.replay?.code ?? null,
      seat: mine,
      players: g.seats.map((s) => ({ seat: s.seat, name: s.playerName, deck: s.deckName, cards: s.seat === mine || g.status === "finished" ? (JSON.parse(s.deckKeys) as string[]) : null })),
      // the opponent's placements are hidden cards until the game is over
      actions: g.actions.filter((a) => a.seat === mine || g.status === "finished").map((a) => ({ seq: a.seq, seat: a.seat, action: JSON.parse(a.action) as unknown, at: a.createdAt.toISOString() })),
    };
  });
}

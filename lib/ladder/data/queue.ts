import "server-only";
import { db } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import { DomainError } from "@/lib/server/errors";
import { createMatchedGameTx, type MatchedPlayer } from "@/lib/play/data";
import type { SeatDeck } from "@/lib/play/types";
import { canPair, expectedWait, pairKey, queueWindow, seasonOf, WINDOW } from "@/lib/ladder/rating";
import type { QueueStatus } from "@/lib/ladder/types";
import { currentGlickoTx } from "@/lib/ladder/data/ratings";

/**
 * The matchmaking queue (docs/ladder.md). It lives in the database, so every
 * instance sees the same queue. A waiting player's page asks every few
 * seconds (pollQueue); each ask tries to pair the player with the longest-waiting
 * player whose rating both windows hold, and creates the live ranked game
 * through play's own game creation, in one transaction that marks both entries
 * paired only if neither was paired meanwhile: a player is never paired twice.
 */

/** An entry whose page has not asked for this long is not paired (the player has left). */
export const STALE_MS = 15_000;

/** How many recent pairings the expected wait is the median of. */
const RECENT_PAIRINGS = 20;

/** The signed-in player joins the queue (or rejoins it, starting the wait again) with a deck already checked; not while in a ranked game under way. */
export async function joinQueue(actor: Actor, deck: SeatDeck, now: Date = new Date()): Promise<QueueStatus> {
  const user = requireActor(actor);
  // one ranked game at a time: a player in a live ranked game under way finishes it first
  const live = await db.playGame.findMany({ where: { status: "active", pace: "live", seats: { some: { userId: user.id } } }, select: { id: true }, take: 50 });
  if (live.length > 0 && (await db.rankedGame.count({ where: { gameId: { in: live.map((g) => g.id) }, settledAt: null } })) > 0)
    throw new DomainError("ladder/in-game", "You have a ranked game under way: finish it first (it is under My games on the play page).");
  const { rating } = await currentGlickoTx(db, user.id, seasonOf(now), "ladder", now);
  const data = { playerName: user.displayName, deckName: deck.name, deck: JSON.stringify(deck), rating, joinedAt: now, seenAt: now, gameCode: null };
  await db.ladderQueueEntry.upsert({ where: { userId: user.id }, create: { userId: user.id, ...data }, update: data });
  return pollQueue(actor, now);
}

/** The signed-in player leaves the queue; once paired, the game's code instead (the game is on). */
export async function leaveQueue(actor: Actor): Promise<QueueStatus> {
  const user = requireActor(actor);
  const entry = await db.ladderQueueEntry.findUnique({ where: { userId: user.id }, select: { gameCode: true } });
  await db.ladderQueueEntry.deleteMany({ where: { userId: user.id } });
  return entry?.gameCode ? { state: "paired", code: entry.gameCode } : { state: "idle" };
}

/** A queue entry as stored. */
export type QueueEntry = { userId: string; playerName: string; deckName: string; deck: string; rating: number; joinedAt: Date; gameCode: string | null };

class LostPairing extends Error {}

/**
 * Pairs two waiting players: the game, both entries marked with its code
 * (only if both are still unpaired, else everything rolls back) and its
 * RankedGame row, in one transaction. Null when one of them was paired meanwhile.
 */
export async function pairEntries(a: QueueEntry, b: QueueEntry, now: Date): Promise<string | null> {
  const players = [a, b].map((e): MatchedPlayer => ({ userId: e.userId, playerName: e.playerName, deck: JSON.parse(e.deck) as SeatDeck })) as [MatchedPlayer, MatchedPlayer];
  const waitSeconds = Math.round((now.getTime() - a.joinedAt.getTime() + now.getTime() - b.joinedAt.getTime()) / 2000);
  try {
    return await db.$transaction(async (tx) => {
      const g = await createMatchedGameTx(tx, players, "priority");
      const marked = await tx.ladderQueueEntry.updateMany({ where: { userId: { in: [a.userId, b.userId] }, gameCode: null }, data: { gameCode: g.code } });
      if (marked.count !== 2) throw new LostPairing();
      await tx.rankedGame.create({ data: { gameId: g.id, pair: pairKey(a.userId, b.userId), waitSeconds, createdAt: now } });
      return g.code;
    });
  } catch (e) {
    // lost to another pairing (or PostgreSQL broke a deadlock between two): nothing was written
    if (e instanceof LostPairing || ["P2034", "P2002"].includes((e as { code?: string }).code ?? "")) return null;
    throw e;
  }
}

/**
 * Where the signed-in player stands in the queue, after trying to pair them:
 * idle (not in it), paired (the game's code; the entry is then removed), or
 * waiting with the time waited, the current window and the expected wait.
 */
export async function pollQueue(actor: Actor, now: Date = new Date()): Promise<QueueStatus> {
  const user = requireActor(actor);
  const me = await db.ladderQueueEntry.findUnique({ where: { userId: user.id } });
  if (!me) return { state: "idle" };
  if (me.gameCode) {
    await db.ladderQueueEntry.deleteMany({ where: { userId: user.id, gameCode: me.gameCode } });
    return { state: "paired", code: me.gameCode };
  }
  await db.ladderQueueEntry.updateMany({ where: { userId: user.id }, data: { seenAt: now } });
  const waitedMs = now.getTime() - me.joinedAt.getTime();
  const others = await db.ladderQueueEntry.findMany({
    where: { gameCode: null, userId: { not: user.id }, seenAt: { gte: new Date(now.getTime() - STALE_MS) }, rating: { gte: me.rating - WINDOW.max, lte: me.rating + WINDOW.max } },
    orderBy: [{ joinedAt: "asc" }, { userId: "asc" }],
    take: 50,
  });
  for (const other of others) {
    if (!canPair({ rating: me.rating, waitedMs }, { rating: other.rating, waitedMs: now.getTime() - other.joinedAt.getTime() })) continue;
    // the one who waited longer sits in seat 0 (the lead is drawn anyway)
    const code = await pairEntries(other, me, now);
    if (code) {
      await db.ladderQueueEntry.deleteMany({ where: { userId: user.id, gameCode: code } });
      return { state: "paired", code };
    }
    // that player was just paired by someone else: the next one may still be free
  }
  return waitingStatus(me, now);
}

/** Where the signed-in player stands in the queue, without trying to pair (the ladder page's first render). */
export async function getQueueStatus(actor: Actor, now: Date = new Date()): Promise<QueueStatus> {
  const user = requireActor(actor);
  const me = await db.ladderQueueEntry.findUnique({ where: { userId: user.id } });
  if (!me) return { state: "idle" };
  if (me.gameCode) return { state: "paired", code: me.gameCode };
  // an entry the page stopped asking about is not paired any more: the player joins again
  if (now.getTime() - me.seenAt.getTime() > STALE_MS) return { state: "idle" };
  return waitingStatus(me, now);
}

async function waitingStatus(me: QueueEntry, now: Date): Promise<QueueStatus> {
  const waitedMs = now.getTime() - me.joinedAt.getTime();
  const recent = await db.rankedGame.findMany({ where: { waitSeconds: { not: null } }, orderBy: { createdAt: "desc" }, take: RECENT_PAIRINGS, select: { waitSeconds: true } });
  const window = queueWindow(waitedMs);
  const waiting = await db.ladderQueueEntry.count({ where: { gameCode: null, userId: { not: me.userId }, seenAt: { gte: new Date(now.getTime() - STALE_MS) } } });
  return {
    state: "waiting",
    deckName: me.deckName,
    rating: Math.round(me.rating),
    waitedSeconds: Math.floor(waitedMs / 1000),
    window: { low: Math.round(me.rating - window), high: Math.round(me.rating + window) },
    expectedWaitSeconds: expectedWait(recent.map((r) => r.waitSeconds!)),
    others: waiting,
  };
}

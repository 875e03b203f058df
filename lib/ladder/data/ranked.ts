import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db/db";
import type { Actor } from "@/lib/server/actor";
import { DomainError } from "@/lib/server/errors";
import { createGame, type NewGameSettings } from "@/lib/play/data";
import type { SeatDeck } from "@/lib/play/types";
import { PAIR_LIMIT, PAIR_WINDOW_MS, pairKey, rateGame, seasonOf, type Score } from "@/lib/ladder/rating";
import { applyRatingTx, currentGlickoTx } from "@/lib/ladder/data/ratings";

/**
 * Ranked games (docs/ladder.md): a game is ranked when it has a RankedGame
 * row, made with the game (posted as ranked, or paired by the queue). The
 * game's end settles it in the same transaction: it counts, or it does not,
 * with the reason.
 */

/** A live game posted as ranked: the game (through play's own creation) and its RankedGame row, in one transaction. */
export async function createRankedGame(actor: Actor, settings: NewGameSettings, deck: SeatDeck): Promise<{ code: string }> {
  if (settings.pace !== "live") throw new DomainError("ladder/ranked-live", "Ranked games are live games: choose the live pace, or untick Ranked.");
  return db.$transaction(async (tx) => {
    const g = await createGame(actor, settings, deck, tx);
    await tx.rankedGame.create({ data: { gameId: g.id } });
    return { code: g.code };
  });
}

/** Which of these games (PlayGame ids) are ranked: the lists and the game page label them (nothing secret: a game's ranked flag is public). */
export async function rankedAmong(gameIds: string[]): Promise<Set<string>> {
  if (gameIds.length === 0) return new Set();
  const rows = await db.rankedGame.findMany({ where: { gameId: { in: gameIds } }, select: { gameId: true } });
  return new Set(rows.map((r) => r.gameId));
}

/** Why a ranked game did not count. */
export type NotCounted = "pair-limit" | "not-live" | "no-opponent";

/**
 * Inside the transaction that ends a game (lib/play/data/log.ts#appendActions):
 * when the game is ranked and not yet settled, rates both players from their
 * ratings before it, in the season in which it ended. A concession or a loss
 * on time (a player who walked away and was claimed against) is a loss like any
 * other. It does not count (and says why) when it is not a live game, when a
 * seat's account is gone, or when the two players already have PAIR_LIMIT
 * counted games ending in the last 24 hours. Returns whether it counted (null: not ranked).
 */
export async function settleRankedGameTx(tx: Prisma.TransactionClient, gameId: string, result: "0" | "1" | "draw", at: Date = new Date()): Promise<{ counted: boolean; reason: NotCounted | null } | null> {
  // one settlement per game: the conditional update claims it
  const claimed = await tx.rankedGame.updateMany({ where: { gameId, settledAt: null }, data: { settledAt: at } });
  if (claimed.count === 0) return null;
  const game = await tx.playGame.findUniqueOrThrow({ where: { id: gameId }, select: { pace: true, seats: { select: { seat: true, userId: true }, orderBy: { seat: "asc" } } } });
  const [u0, u1] = [game.seats[0]?.userId ?? null, game.seats[1]?.userId ?? null];
  const season = seasonOf(at);
  const skip = async (reason: NotCounted, pair: string | null) => {
    await tx.rankedGame.update({ where: { gameId }, data: { counted: false, reason, season, pair } });
    return { counted: false, reason };
  };
  if (!u0 || !u1) return skip("no-opponent", null);
  const pair = pairKey(u0, u1);
  if (game.pace !== "live") return skip("not-live", pair);
  const recent = await tx.rankedGame.count({ where: { pair, counted: true, settledAt: { gt: new Date(at.getTime() - PAIR_WINDOW_MS) } } });
  if (recent >= PAIR_LIMIT) return skip("pair-limit", pair);
  const score0: Score = result === "draw" ? 0.5 : result === "0" ? 1 : 0;
  const before = [await currentGlickoTx(tx, u0, season, "ladder", at), await currentGlickoTx(tx, u1, season, "ladder", at)] as const;
  const after = rateGame(before[0], before[1], score0);
  await applyRatingTx(tx, { userId: u0, season, pool: "ladder", before: before[0], after: after[0], score: score0, gameId, at });
  await applyRatingTx(tx, { userId: u1, season, pool: "ladder", before: before[1], after: after[1], score: (1 - score0) as Score, gameId, at });
  await tx.rankedGame.update({ where: { gameId }, data: { counted: true, reason: null, season, pair } });
  return { counted: true, reason: null };
}

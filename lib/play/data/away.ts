import "server-only";
import { db } from "@/lib/server/db/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { plainDate, plainQuery } from "@/lib/server/db/plain-sql";
import type { Player } from "@/lib/engine";
import { MOVE_SECONDS } from "@/lib/play/clock";
import type { Pace } from "@/lib/play/types";

/**
 * Who is away from a live game (docs/play.md, "Reconnect clock"): one row per
 * game at most, written by lib/play/presence.ts when a seat has no open stream
 * on any instance, and removed when it is back. While it stands, the game's
 * move clock is paused: its return moves the move deadline on by the time away.
 */

export interface Away {
  seat: Player;
  since: Date;
}

/** The seat away from the game, or null (plain SQL: every stream's opening and every fresh push reads it). */
export async function getAway(gameId: string): Promise<Away | null> {
  const [r] = await plainQuery<{ seat: unknown; since: unknown }>(Prisma.sql`SELECT "seat", "since" FROM "PlayAway" WHERE "gameId" = ${gameId}`);
  return r ? { seat: Number(r.seat) as Player, since: plainDate(r.since) } : null;
}

/**
 * Records `seat` as away since `since`, when the game is live and under way and
 * nobody is away yet (of two instances noticing at once, one writes). True when written.
 */
export async function markAway(gameId: string, seat: Player, since: Date): Promise<boolean> {
  const live = await db.playGame.count({ where: { id: gameId, status: "active", pace: "live" } });
  if (live === 0) return false;
  try {
    await db.playAway.create({ data: { gameId, seat, since } });
    return true;
  } catch (e) {
    if ((e as { code?: string }).code === "P2002") return false;
    throw e;
  }
}

/**
 * `seat` is back at `now`: its away row goes, and the game's move deadline
 * moves on by the time it was away (the clock was paused). True when it had been away.
 */
export async function clearAway(gameId: string, seat: Player, now: Date): Promise<boolean> {
  // nobody away, or the other seat (every stream's opening asks): a read, and no write transaction, which 2,000
  // streams opening at once queued past Prisma's wait for one (bench:play, 1,000 games); the transaction checks again
  const away = await getAway(gameId);
  if (!away || away.seat !== seat) return false;
  return db.$transaction(async (tx) => {
    const row = await tx.playAway.findUnique({ where: { gameId } });
    if (!row || row.seat !== seat) return false;
    const gone = await tx.playAway.deleteMany({ where: { gameId, seat, since: row.since } });
    if (gone.count === 0) return false;
    const game = await tx.playGame.findUnique({ where: { id: gameId }, select: { deadlineAt: true, status: true, pace: true } });
    if (game?.status === "active" && game.deadlineAt) {
      // the pause began when the seat went away, or when the move began if one was made meanwhile
      const moveStart = game.deadlineAt.getTime() - MOVE_SECONDS[game.pace as Pace] * 1000;
      const paused = Math.max(0, now.getTime() - Math.max(row.since.getTime(), moveStart));
      await tx.playGame.update({ where: { id: gameId }, data: { deadlineAt: new Date(game.deadlineAt.getTime() + paused) } });
    }
    return true;
  });
}

import "server-only";
import { db } from "@/lib/server/db/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Player } from "@/lib/engine";
import type { EndReason, GameResult, LoggedAction } from "@/lib/play/types";
import { settleRankedGameTx } from "@/lib/ladder/data";
import { createReplayTx } from "@/lib/play/data/replays";
import { settleEventGameTx } from "@/lib/events/data";

/**
 * The action log of games (docs/play.md): append-only rows unique by game and
 * sequence number. These are the referee's steps (lib/play/referee.ts), which
 * checks the seat and the action first; nothing else writes the log.
 */

/** The actions of a game after `afterSeq`, in order. */
export async function loadActions(gameId: string, afterSeq = 0): Promise<{ seq: number; action: LoggedAction }[]> {
  const rows = await db.playAction.findMany({ where: { gameId, seq: { gt: afterSeq } }, orderBy: { seq: "asc" }, select: { seq: true, action: true } });
  return rows.map((r) => ({ seq: r.seq, action: JSON.parse(r.action) as LoggedAction }));
}

/** How a game stands after an append: whose move, and its end when it ended. */
export interface AfterAppend {
  toMove: number;
  /** When the seats to move must have moved (null once the game is over). */
  deadlineAt: Date | null;
  end: { result: GameResult; reason: EndReason } | null;
}

/**
 * Appends actions after `seenSeq` (numbered seenSeq+1, ...), moves the game's
 * seq on and clears held placements, in one transaction. Returns false when
 * another action took the number first (the game's seq had moved): nothing
 * was written, and the caller checks again against the new state. Otherwise
 * returns the replay code the game was given when these actions ended it.
 *
 * The game row is updated first, on the condition that it is still at
 * `seenSeq`: of two racing transactions the second waits for the first's row
 * lock (PostgreSQL) or write lock (SQLite), then finds the seq moved and
 * writes nothing; the unique key (gameId, seq) still refuses any duplicate.
 * Plain SQL: the referee's hot path, where a model query would be compiled
 * anew on every call.
 */
export async function appendActions(gameId: string, seenSeq: number, actions: { seat: Player; action: LoggedAction }[], after: AfterAppend): Promise<false | { replayCode: string | null }> {
  const seq = seenSeq + actions.length;
  const sql = Prisma.sql;
  const now = new Date();
  const end = after.end;
  try {
    return await db.$transaction(async (tx) => {
      const moved = end
        ? await tx.$executeRaw(sql`UPDATE "PlayGame" SET "seq" = ${seq}, "toMove" = 0, "deadlineAt" = NULL, "held0" = NULL, "held1" = NULL, "status" = 'finished', "result" = ${String(end.result)}, "endReason" = ${end.reason}, "finishedAt" = ${now}, "updatedAt" = ${now}
            WHERE "id" = ${gameId} AND "seq" = ${seenSeq} AND "status" = 'active'`)
        : await tx.$executeRaw(sql`UPDATE "PlayGame" SET "seq" = ${seq}, "toMove" = ${after.toMove}, "deadlineAt" = ${after.deadlineAt}, "held0" = NULL, "held1" = NULL, "updatedAt" = ${now}
            WHERE "id" = ${gameId} AND "seq" = ${seenSeq} AND "status" = 'active'`);
      // the game moved on meanwhile: nothing written
      if (moved === 0) throw new LostRace();
      const rows = actions.map((a, i) => sql`(${gameId}, ${seenSeq + 1 + i}, ${a.seat}, ${JSON.stringify(a.action)}, ${now})`);
      await tx.$executeRaw(sql`INSERT INTO "PlayAction" ("gameId", "seq", "seat", "action", "createdAt") VALUES ${Prisma.join(rows)}`);
      // a ranked game is rated with its end, in the same transaction (lib/ladder/data/ranked.ts)
      if (end) await settleRankedGameTx(tx, gameId, String(end.result) as "0" | "1" | "draw");
      // an online event match takes its game's result, in the same transaction (lib/events/data/results.ts)
      if (end) await settleEventGameTx(tx, gameId, String(end.result) as "0" | "1" | "draw");
      // and given its replay link (lib/play/data/replays.ts)
      const replayCode = end ? await createReplayTx(tx, gameId) : null;
      return { replayCode };
    });
  } catch (e) {
    if (e instanceof LostRace || (e as { code?: string }).code === "P2002") return false;
    throw e;
  }
}

class LostRace extends Error {}

/**
 * Holds a seat's placement (JSON of its place action) on the game until the
 * other one is in, while the game is still at `seenSeq` and the seat has none
 * held (one statement, so of two writes for the same seat one holds). Returns both held placements as they stand after the write, or null
 * when nothing was written (the game moved on, or the seat had placed).
 */
export async function holdPlacement(gameId: string, seenSeq: number, seat: Player, placement: string): Promise<[string | null, string | null] | null> {
  const sql = Prisma.sql;
  const now = new Date();
  // the seat that placed no longer has to move; an append once both are in sets the mask anew (plain SQL: see appendActions)
  const written =
    seat === 0
      ? await db.$executeRaw(sql`UPDATE "PlayGame" SET "held0" = ${placement}, "toMove" = ${1 << 1}, "updatedAt" = ${now} WHERE "id" = ${gameId} AND "seq" = ${seenSeq} AND "status" = 'active' AND "held0" IS NULL`)
      : await db.$executeRaw(sql`UPDATE "PlayGame" SET "held1" = ${placement}, "toMove" = ${1 << 0}, "updatedAt" = ${now} WHERE "id" = ${gameId} AND "seq" = ${seenSeq} AND "status" = 'active' AND "held1" IS NULL`);
  if (written === 0) return null;
  const [g] = await db.$queryRaw<{ held0: string | null; held1: string | null; seq: number | bigint }[]>(sql`SELECT "held0", "held1", "seq" FROM "PlayGame" WHERE "id" = ${gameId}`);
  if (!g || Number(g.seq) !== seenSeq) return [null, null];
  return [g.held0, g.held1];
}

import "server-only";
import { db } from "@/lib/server/db/db";
import { isUniqueViolation, plainGuardedWrite, plainQuery } from "@/lib/server/db/plain-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Player } from "@/lib/engine";
import type { EndReason, GameResult, LoggedAction } from "@/lib/play/types";
import { settleRankedGameTx } from "@/lib/ladder/data";
import { createReplayTx, newReplayCode } from "@/lib/play/data/replays";
import { settleEventGameTx } from "@/lib/events/data";

/**
 * The action log of games (docs/play.md): append-only rows unique by game and
 * sequence number. These are the referee's steps (lib/play/referee.ts), which
 * checks the seat and the action first; nothing else writes the log.
 */

/** The actions of a game after `afterSeq`, in order (plain SQL: a game another instance changed is read for each change). */
export async function loadActions(gameId: string, afterSeq = 0): Promise<{ seq: number; action: LoggedAction }[]> {
  const rows = await plainQuery<{ seq: unknown; action: string }>(Prisma.sql`SELECT "seq", "action" FROM "PlayAction" WHERE "gameId" = ${gameId} AND "seq" > ${afterSeq} ORDER BY "seq"`);
  return rows.map((r) => ({ seq: Number(r.seq), action: JSON.parse(r.action) as LoggedAction }));
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
 * Plain SQL: the referee's hot path skips Prisma's request pipeline
 * altogether (lib/server/db/plain-sql.ts), the end of a game with its replay
 * link too; the end of a ranked or event game keeps Prisma's transaction for
 * the ladder and the event result it settles with it.
 */
export async function appendActions(gameId: string, seenSeq: number, actions: { seat: Player; action: LoggedAction }[], after: AfterAppend): Promise<false | { replayCode: string | null }> {
  const seq = seenSeq + actions.length;
  const sql = Prisma.sql;
  const now = new Date();
  const end = after.end;
  const rows = actions.map((a, i) => sql`(${gameId}, ${seenSeq + 1 + i}, ${a.seat}, ${JSON.stringify(a.action)}, ${now})`);
  const insert = sql`INSERT INTO "PlayAction" ("gameId", "seq", "seat", "action", "createdAt") VALUES ${Prisma.join(rows)}`;
  try {
    // an action that does not end the game: plain SQL, one guarded write (lib/server/db/plain-sql.ts), no Prisma request;
    // the game moved on meanwhile (the UPDATE changed nothing): nothing written
    if (!end) {
      const moved = await plainGuardedWrite([
        sql`UPDATE "PlayGame" SET "seq" = ${seq}, "toMove" = ${after.toMove}, "deadlineAt" = ${after.deadlineAt}, "held0" = NULL, "held1" = NULL, "updatedAt" = ${now}
            WHERE "id" = ${gameId} AND "seq" = ${seenSeq} AND "status" = 'active'`,
        insert,
      ]);
      return moved === 0 ? false : { replayCode: null };
    }
    // the end of a game that no ladder or event row waits for (most games): plain SQL too, one guarded write with
    // its replay link; the guard holds only while the game is still at seenSeq and neither a RankedGame nor an
    // EventMatch row names it, so a ranked or event game (or a lost race) writes nothing here and goes on below
    const replayCode = newReplayCode();
    const ended = await plainGuardedWrite([
      sql`UPDATE "PlayGame" SET "seq" = ${seq}, "toMove" = 0, "deadlineAt" = NULL, "held0" = NULL, "held1" = NULL, "status" = 'finished', "result" = ${String(end.result)}, "endReason" = ${end.reason}, "finishedAt" = ${now}, "updatedAt" = ${now}
          WHERE "id" = ${gameId} AND "seq" = ${seenSeq} AND "status" = 'active'
            AND NOT EXISTS (SELECT 1 FROM "RankedGame" r WHERE r."gameId" = ${gameId}) AND NOT EXISTS (SELECT 1 FROM "EventMatch" m WHERE m."gameId" = ${gameId})`,
      insert,
      sql`INSERT INTO "PlayReplay" ("code", "gameId", "createdAt") VALUES (${replayCode}, ${gameId}, ${now})`,
    ]);
    if (ended > 0) return { replayCode };
    // a ranked or event game: rated, settled and given its replay in the same Prisma transaction (a lost race finds
    // the seq moved there too, and writes nothing)
    return await db.$transaction(async (tx) => {
      const moved = await tx.$executeRaw(sql`UPDATE "PlayGame" SET "seq" = ${seq}, "toMove" = 0, "deadlineAt" = NULL, "held0" = NULL, "held1" = NULL, "status" = 'finished', "result" = ${String(end.result)}, "endReason" = ${end.reason}, "finishedAt" = ${now}, "updatedAt" = ${now}
            WHERE "id" = ${gameId} AND "seq" = ${seenSeq} AND "status" = 'active'`);
      if (moved === 0) throw new LostRace();
      await tx.$executeRaw(insert);
      // a ranked game is rated with its end, in the same transaction (lib/ladder/data/ranked.ts)
      await settleRankedGameTx(tx, gameId, String(end.result) as "0" | "1" | "draw");
      // an online event match takes its game's result, in the same transaction (lib/events/data/results.ts)
      await settleEventGameTx(tx, gameId, String(end.result) as "0" | "1" | "draw");
      // and given its replay link (lib/play/data/replays.ts)
      return { replayCode: await createReplayTx(tx, gameId) };
    });
  } catch (e) {
    if (e instanceof LostRace || isUniqueViolation(e)) return false;
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
  // the row as this write left it (RETURNING: one statement on the writer, no read after it)
  type Held = { held0: string | null; held1: string | null };
  const [g] =
    seat === 0
      ? await plainQuery<Held>(sql`UPDATE "PlayGame" SET "held0" = ${placement}, "toMove" = ${1 << 1}, "updatedAt" = ${now} WHERE "id" = ${gameId} AND "seq" = ${seenSeq} AND "status" = 'active' AND "held0" IS NULL RETURNING "held0", "held1"`)
      : await plainQuery<Held>(sql`UPDATE "PlayGame" SET "held1" = ${placement}, "toMove" = ${1 << 0}, "updatedAt" = ${now} WHERE "id" = ${gameId} AND "seq" = ${seenSeq} AND "status" = 'active' AND "held1" IS NULL RETURNING "held0", "held1"`);
  if (!g) return null;
  return [g.held0, g.held1];
}

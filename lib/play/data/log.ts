import "server-only";
import { db } from "@/lib/server/db/db";
import type { Player } from "@/lib/engine";
import type { EndReason, GameResult, LoggedAction } from "@/lib/play/types";
import { settleRankedGameTx } from "@/lib/ladder/data";
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
 * another action took the number first (the unique key refused the row, or the
 * game's seq had moved): nothing was written, and the caller checks again
 * against the new state.
 */
export async function appendActions(gameId: string, seenSeq: number, actions: { seat: Player; action: LoggedAction }[], after: AfterAppend): Promise<boolean> {
  const seq = seenSeq + actions.length;
  try {
    return await db.$transaction(async (tx) => {
      await tx.playAction.createMany({ data: actions.map((a, i) => ({ gameId, seq: seenSeq + 1 + i, seat: a.seat, action: JSON.stringify(a.action) })) });
      const end = after.end;
      const r = await tx.playGame.updateMany({
        where: { id: gameId, seq: seenSeq, status: "active" },
        data: {
          seq,
          toMove: end ? 0 : after.toMove,
          deadlineAt: end ? null : after.deadlineAt,
          held0: null,
          held1: null,
          ...(end ? { status: "finished", result: String(end.result), endReason: end.reason, finishedAt: new Date() } : {}),
        },
      });
      // the game moved on meanwhile: roll the rows back
      if (r.count === 0) throw new LostRace();
      // a ranked game is rated with its end, in the same transaction (lib/ladder/data/ranked.ts)
      if (end) await settleRankedGameTx(tx, gameId, String(end.result) as "0" | "1" | "draw");
      // an online event match takes its game's result, in the same transaction (lib/events/data/results.ts)
      if (end) await settleEventGameTx(tx, gameId, String(end.result) as "0" | "1" | "draw");
      return true;
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
  const field = seat === 0 ? "held0" : "held1";
  // the seat that placed no longer has to move; an append once both are in sets the mask anew
  const r = await db.playGame.updateMany({ where: { id: gameId, seq: seenSeq, status: "active", [field]: null }, data: { [field]: placement, toMove: 1 << (1 - seat) } });
  if (r.count === 0) return null;
  const g = await db.playGame.findUniqueOrThrow({ where: { id: gameId }, select: { held0: true, held1: true, seq: true } });
  if (g.seq !== seenSeq) return [null, null];
  return [g.held0, g.held1];
}

import "server-only";
import { db } from "@/lib/server/db/db";

/**
 * A game's spectator delay (docs/play.md "Spectator delay"): how many moves
 * (logged actions) behind the game its spectators see it while it is under
 * way. Set when the game is created (lib/play/data/games.ts), copied to its
 * rematch, never changed. Public: the game page says it to everyone.
 */

/** The spectator delay of a game by its code, in moves (0: none, or an unknown game). */
export async function spectatorDelayOf(code: string): Promise<number> {
  const g = await db.playGame.findUnique({ where: { code }, select: { id: true } });
  if (!g) return 0;
  return (await db.playSpectatorDelay.findUnique({ where: { gameId: g.id } }))?.moves ?? 0;
}

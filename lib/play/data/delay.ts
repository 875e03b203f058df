import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { plainQuery } from "@/lib/server/db/plain-sql";

/**
 * A game's spectator delay (docs/play.md "Spectator delay"): how many moves
 * (logged actions) behind the game its spectators see it while it is under
 * way. Set when the game is created (lib/play/data/games.ts), copied to its
 * rematch, never changed. Public: the game page says it to everyone.
 */

/** The spectator delay of a game by its code, in moves (0: none, or an unknown game). Plain SQL: every spectator's stream asks. */
export async function spectatorDelayOf(code: string): Promise<number> {
  const [d] = await plainQuery<{ moves: unknown }>(Prisma.sql`SELECT d."moves" FROM "PlayGame" g JOIN "PlaySpectatorDelay" d ON d."gameId" = g."id" WHERE g."code" = ${code}`);
  return d ? Number(d.moves) : 0;
}

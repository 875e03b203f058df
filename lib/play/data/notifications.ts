import "server-only";
import { db } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import type { Player } from "@/lib/engine";

/**
 * Mail preferences of games between players (docs/play.md, "Correspondence"):
 * one NotificationPreference row per user who changed one; without it, the
 * defaults (a "your move" mail in correspondence games).
 */

/** Whether the signed-in user gets a mail when a correspondence game waits for their move. */
export async function getTurnMailPreference(actor: Actor): Promise<boolean> {
  const user = requireActor(actor);
  const row = await db.notificationPreference.findUnique({ where: { userId: user.id }, select: { playTurnMail: true } });
  return row?.playTurnMail ?? true;
}

/** Turns the signed-in user's "your move" mail on or off. */
export async function setTurnMailPreference(actor: Actor, on: boolean): Promise<void> {
  const user = requireActor(actor);
  await db.notificationPreference.upsert({ where: { userId: user.id }, create: { userId: user.id, playTurnMail: on }, update: { playTurnMail: on } });
}

/** Who gets a "your move" mail for these seats of a game: seated accounts that did not opt out, with what the mail says. */
export async function turnMailRecipients(gameId: string, seats: Player[]): Promise<{ seat: Player; email: string; name: string; opponent: string }[]> {
  const rows = await db.playSeat.findMany({
    where: { gameId },
    select: { seat: true, playerName: true, user: { select: { email: true, notificationPreference: { select: { playTurnMail: true } } } } },
  });
  return rows.flatMap((r) => {
    const opponent = rows.find((o) => o.seat !== r.seat)?.playerName ?? "your opponent";
    if (!seats.includes(r.seat as Player) || !r.user || r.user.notificationPreference?.playTurnMail === false) return [];
    return [{ seat: r.seat as Player, email: r.user.email, name: r.playerName, opponent }];
  });
}

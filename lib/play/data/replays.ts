import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/server/db/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/server/actor";
import { DomainError } from "@/lib/server/errors";
import type { CardDef, Player } from "@/lib/engine";
import { replayFrames, type ReplaySide } from "@/lib/play/replay";
import type { ReplayDTO } from "@/lib/play/types";
import { gameInclude, toGameRecord } from "./records";
import { loadActions } from "./log";

/**
 * Stored replays (docs/play.md "Replays"): every finished game has a short
 * random link, /r/<code>. Who may open it: anyone with the link for a game
 * that was open in the lobby; for a game reached by invite (private, ranked
 * pairings included), its two players, and admins (moderation).
 */

/** A new replay link's code: 12 URL-safe characters (72 bits) from the CSPRNG. */
export function newReplayCode(): string {
  return randomBytes(9).toString("base64url");
}

/** Inside the transaction that ends a game (lib/play/data/log.ts): its replay link ({@link newReplayCode}). */
export async function createReplayTx(tx: Prisma.TransactionClient, gameId: string): Promise<string> {
  const code = newReplayCode();
  await tx.playReplay.create({ data: { gameId, code } });
  return code;
}

const notFound = () => new DomainError("play/not-found", "There is no replay at this link, or it is not yours to watch.");

/**
 * A finished game's replay from one side (a seat, or the public view), for a
 * caller allowed to see it (above; anyone else is told there is no such
 * replay, so a private game's link does not confirm it exists). A game that is
 * not finished has no replay (`play/not-finished`). Each frame holds only what
 * the side knew at that step; the last frame, the end, shows both hands.
 * Without a side: the caller's seat, or the public view.
 */
export async function getReplay(actor: Actor | null, code: string, side?: ReplaySide): Promise<ReplayDTO> {
  if (!/^[A-Za-z0-9_-]{6,40}$/.test(code)) throw notFound();
  const row = await db.playReplay.findUnique({ where: { code }, include: { game: { include: gameInclude } } });
  if (!row) throw notFound();
  const g = toGameRecord(row.game);
  const mine = actor ? g.seats.find((s) => s.userId === actor.id) : undefined;
  const allowed = g.listing === "open" || mine !== undefined || actor?.role === "admin";
  if (!allowed) throw notFound();
  if (g.status !== "finished" || g.seats.length < 2) throw new DomainError("play/not-finished", "This game is not over yet: its replay opens when it ends.");
  const actions = await loadActions(g.id);
  const decks = g.seats.map((s) => s.deck.cards) as [CardDef[], CardDef[]];
  return {
    code,
    listing: g.listing,
    pace: g.pace,
    columnRule: g.columnRule,
    result: g.result,
    endReason: g.endReason,
    createdAt: g.createdAt,
    finishedAt: g.finishedAt,
    players: g.seats.map((s) => ({ seat: s.seat, name: s.playerName, deckName: s.deck.name })),
    mySeat: mine ? (mine.seat as Player) : null,
    decks,
    replay: replayFrames(g, actions, side ?? (mine ? mine.seat : "public")),
  };
}

import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import { DomainError } from "@/lib/server/errors";
import { replay } from "@/lib/engine";
import { decodeReplay } from "@/lib/playtest/replay-link";
import { resolveCardKeys } from "@/lib/playtest/cards";
import { getPlaytestCards } from "@/lib/playtest/data";
import { HUMAN } from "@/lib/playtest/session";
import { aiOpponent, ratePeriod, type Score } from "@/lib/ladder/rating";
import type { RatingDTO } from "@/lib/ladder/types";
import { applyRatingTx, currentGlickoTx, getMyRatings } from "@/lib/ladder/data/ratings";

/**
 * The practice rating (docs/ladder.md): a finished game against the AI,
 * reported by the board as its replay link, is replayed here through the
 * engine, and the result rates the player against the level's fixed rating.
 * One report per game (the replay's hash). Manual corrections make a game
 * unrated. The practice pool has no seasons (season 0) and no leaderboard.
 */

const PRACTICE_SEASON = 0;

function notAGame(reason: string): DomainError {
  return new DomainError("ladder/not-a-game", reason);
}

/** Rates the signed-in player's finished game against the AI, given as a replay link's `r` value. */
export async function recordPracticeGame(actor: Actor, r: string, at: Date = new Date()): Promise<{ result: "win" | "loss" | "draw"; rating: RatingDTO }> {
  const user = requireActor(actor);
  const decoded = decodeReplay(r);
  if (!decoded.ok) throw notAGame(decoded.error.reason);
  const p = decoded.payload;
  if (p.corrections) throw notAGame("A game with manual corrections is not rated.");
  const keys = [...p.deckKeys[0], ...p.deckKeys[1]];
  const catalog = await getPlaytestCards(keys);
  const decks = [resolveCardKeys(p.deckKeys[0], catalog), resolveCardKeys(p.deckKeys[1], catalog)];
  if (!decks[0].ok || !decks[1].ok) throw notAGame("This game uses cards that are not in the catalog.");
  const played = replay({ decks: [decks[0].cards, decks[1].cards], seed: p.seed, rules: { columnRule: p.columnRule, maxTurns: p.maxTurns } }, p.actions);
  if (!played.ok) throw notAGame(`This game does not replay: ${played.error.reason}`);
  const winner = played.state.winner;
  if (!p.conceded && winner === null) throw notAGame("This game is not over yet.");
  const result = p.conceded ? "loss" : winner === "draw" ? "draw" : winner === HUMAN ? "win" : "loss";
  const score: Score = result === "win" ? 1 : result === "draw" ? 0.5 : 0;
  const replayHash = createHash("sha256").update(JSON.stringify(p)).digest("hex");
  try {
    await db.$transaction(async (tx) => {
      const game = await tx.practiceGame.create({ data: { userId: user.id, replayHash, level: p.level, result, at } });
      const before = await currentGlickoTx(tx, user.id, PRACTICE_SEASON, "practice", at);
      const after = ratePeriod(before, [{ opponent: aiOpponent(p.level), score }]);
      await applyRatingTx(tx, { userId: user.id, season: PRACTICE_SEASON, pool: "practice", before, after, score, gameId: game.id, at });
    });
  } catch (e) {
    if ((e as { code?: string }).code === "P2002") throw new DomainError("ladder/reported", "This game is already in your practice rating.");
    throw e;
  }
  const mine = await getMyRatings(actor, PRACTICE_SEASON);
  return { result, rating: mine.practice! };
}

import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import { afterIdle, PROVISIONAL_RD, START, type Glicko, type Score } from "@/lib/ladder/rating";
import type { HistoryPoint, LeaderboardRow, Pool, RatingDTO } from "@/lib/ladder/types";

/**
 * Ratings per season and pool (docs/ladder.md): reading them, and the one
 * write every rated game goes through (applyRatingTx), which also records a
 * point of the rating history.
 */

type Client = Prisma.TransactionClient;

type RatingRow = { rating: number; rd: number; vol: number; games: number; wins: number; losses: number; draws: number; lastGameAt: Date | null };

/** A player's rating going into a game at `at`: the stored one with its idle widening, or a new player's. */
export async function currentGlickoTx(tx: Client, userId: string, season: number, pool: Pool, at: Date): Promise<Glicko> {
  const r = await tx.playerRating.findUnique({ where: { userId_season_pool: { userId, season, pool } } });
  if (!r) return { ...START };
  return afterIdle({ rating: r.rating, rd: r.rd, vol: r.vol }, r.lastGameAt ? at.getTime() - r.lastGameAt.getTime() : 0);
}

/** Stores a player's rating after a game, counts the game, and adds the history point. */
export async function applyRatingTx(tx: Client, p: { userId: string; season: number; pool: Pool; before: Glicko; after: Glicko; score: Score; gameId: string; at: Date }): Promise<void> {
  const tally = { games: { increment: 1 }, wins: { increment: p.score === 1 ? 1 : 0 }, losses: { increment: p.score === 0 ? 1 : 0 }, draws: { increment: p.score === 0.5 ? 1 : 0 } };
  await tx.playerRating.upsert({
    where: { userId_season_pool: { userId: p.userId, season: p.season, pool: p.pool } },
    create: { userId: p.userId, season: p.season, pool: p.pool, ...p.after, lastGameAt: p.at, games: 1, wins: p.score === 1 ? 1 : 0, losses: p.score === 0 ? 1 : 0, draws: p.score === 0.5 ? 1 : 0 },
    update: { ...p.after, lastGameAt: p.at, ...tally },
  });
  await tx.ratingHistory.create({ data: { userId: p.userId, season: p.season, pool: p.pool, rating: p.after.rating, rd: p.after.rd, delta: p.after.rating - p.before.rating, at: p.at, gameId: p.gameId } });
}

function toDTO(r: RatingRow): RatingDTO {
  return { rating: Math.round(r.rating), rd: Math.round(r.rd), games: r.games, wins: r.wins, losses: r.losses, draws: r.draws, provisional: r.rd > PROVISIONAL_RD };
}

/** At most this many rows on a leaderboard page. */
export const LEADERBOARD_SIZE = 100;

/** A season's ladder leaderboard, best first (public: names and ratings of players who played a ranked game). */
export async function getLeaderboard(actor: Actor | null, season: number): Promise<LeaderboardRow[]> {
  void actor;
  const rows = await db.playerRating.findMany({
    where: { season, pool: "ladder", games: { gt: 0 } },
    include: { user: { select: { displayName: true } } },
    orderBy: [{ rating: "desc" }, { games: "desc" }, { userId: "asc" }],
    take: LEADERBOARD_SIZE,
  });
  return rows.map((r, i) => ({ rank: i + 1, userId: r.userId, name: r.user.displayName, ...toDTO(r) }));
}

/** The seasons that have a leaderboard, newest first. */
export async function ratedSeasons(actor: Actor | null): Promise<number[]> {
  void actor;
  const rows = await db.playerRating.findMany({ where: { pool: "ladder", games: { gt: 0 } }, distinct: ["season"], select: { season: true }, orderBy: { season: "desc" }, take: 100 });
  return rows.map((r) => r.season);
}

/** The signed-in player's own ratings: the ladder's in a season, and the practice rating. */
export async function getMyRatings(actor: Actor, season: number): Promise<{ ladder: RatingDTO | null; practice: RatingDTO | null; rank: number | null }> {
  const user = requireActor(actor);
  const [ladder, practice] = await Promise.all([
    db.playerRating.findUnique({ where: { userId_season_pool: { userId: user.id, season, pool: "ladder" } } }),
    db.playerRating.findUnique({ where: { userId_season_pool: { userId: user.id, season: 0, pool: "practice" } } }),
  ]);
  const rank = ladder && ladder.games > 0 ? (await db.playerRating.count({ where: { season, pool: "ladder", games: { gt: 0 }, rating: { gt: ladder.rating } } })) + 1 : null;
  return { ladder: ladder ? toDTO(ladder) : null, practice: practice ? toDTO(practice) : null, rank };
}

/** A player's page on the ladder: name and ladder rating (the practice rating to the player only); null for an unknown id. */
export async function getPlayerProfile(actor: Actor | null, userId: string, season: number): Promise<{ name: string; ladder: RatingDTO | null; practice: RatingDTO | null } | null> {
  void actor;
  const u = await db.user.findUnique({ where: { id: userId }, select: { displayName: true, ladderRatings: { where: { OR: [{ season, pool: "ladder" }, { season: 0, pool: "practice" }] } } } });
  if (!u) return null;
  const find = (pool: Pool) => u.ladderRatings.find((r) => r.pool === pool);
  const l = find("ladder");
  const p = find("practice");
  // the practice rating is the player's own gauge: only they see it
  return { name: u.displayName, ladder: l ? toDTO(l) : null, practice: p && actor?.id === userId ? toDTO(p) : null };
}

/** At most this many points in a history chart (the latest). */
export const HISTORY_POINTS = 200;

/**
 * A player's rating history in a pool: the ladder's (one season, public like
 * the leaderboard) or the practice pool's (only the player's own).
 */
export async function getRatingHistory(actor: Actor | null, userId: string, pool: Pool, season: number): Promise<HistoryPoint[]> {
  if (pool === "practice" && actor?.id !== userId) return [];
  const rows = await db.ratingHistory.findMany({ where: { userId, pool, season: pool === "practice" ? 0 : season }, orderBy: [{ at: "desc" }, { id: "desc" }], take: HISTORY_POINTS });
  return rows.reverse().map((r) => ({ at: r.at.toISOString(), rating: Math.round(r.rating), rd: Math.round(r.rd), delta: Math.round(r.delta) }));
}

/** The account export's ladder part: the user's own ratings per season and pool, and every point of their rating history (lib/accounts/data/account.ts#exportMyData checked the session). */
export async function ratingsForExport(userId: string) {
  const [ratings, history] = await Promise.all([
    db.playerRating.findMany({ where: { userId }, orderBy: [{ season: "asc" }, { pool: "asc" }] }),
    db.ratingHistory.findMany({ where: { userId }, orderBy: [{ at: "asc" }, { id: "asc" }] }),
  ]);
  return {
    ratings: ratings.map((r) => ({
      season: r.season,
      pool: r.pool,
      rating: r.rating,
      deviation: r.rd,
      volatility: r.vol,
      games: r.games,
      wins: r.wins,
      losses: r.losses,
      draws: r.draws,
      lastGameAt: r.lastGameAt?.toISOString() ?? null,
    })),
    history: history.map((h) => ({ season: h.season, pool: h.pool, rating: h.rating, deviation: h.rd, delta: h.delta, at: h.at.toISOString() })),
  };
}

/** The ladder's DTOs: what pages and components receive (plain data, no Prisma type). */

/** "ladder": ranked live games; "practice": games against the AI. */
export type Pool = "ladder" | "practice";

/** A rating as shown: rounded numbers and whether it is still provisional. */
export interface RatingDTO {
  rating: number;
  rd: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
  provisional: boolean;
}

/** A row of a season's leaderboard. */
export interface LeaderboardRow extends RatingDTO {
  rank: number;
  userId: string;
  name: string;
}

/** A season as the picker lists it. */
export interface SeasonDTO {
  season: number;
  /** ISO dates: the first day and the first day after it */
  start: string;
  end: string;
  current: boolean;
}

/** One point of a rating history chart. */
export interface HistoryPoint {
  /** ISO time of the game */
  at: string;
  rating: number;
  rd: number;
  delta: number;
}

/** What the ladder page shows the signed-in player about the queue. */
export type QueueStatus =
  | { state: "idle" }
  | {
      state: "waiting";
      deckName: string;
      rating: number;
      waitedSeconds: number;
      /** the current window: ratings from low to high */
      window: { low: number; high: number };
      /** the median wait of recent pairings (s); null with none to go by */
      expectedWaitSeconds: number | null;
      /** other players in the queue right now */
      others: number;
    }
  | { state: "paired"; code: string };

import Link from "next/link";
import type { RatingDTO } from "@/lib/ladder/types";
import { ratingText } from "./leaderboard";
import { AI_RATINGS } from "@/lib/ladder/rating";
import { AI_LEVELS } from "@/lib/playtest/session";
import { LEVEL_INFO } from "@/lib/playtest/levels";

/** The signed-in player's ladder rating in the season shown, rank, and practice rating. */
export function MyRatings({ ladder, practice, rank, season, profile }: { ladder: RatingDTO | null; practice: RatingDTO | null; rank: number | null; season: number; profile: string }) {
  return (
    <div className="panel grid gap-3 p-3 text-sm sm:grid-cols-2" data-testid="my-ratings">
      <div>
        <p className="font-semibold">Ladder, season {season}</p>
        {ladder && ladder.games > 0 ? (
          <p>
            <span className="text-xl font-bold" data-testid="my-ladder-rating">
              {ratingText(ladder)}
            </span>{" "}
            · rank {rank} · {ladder.wins}–{ladder.losses}–{ladder.draws} in {ladder.games} game{ladder.games === 1 ? "" : "s"}
          </p>
        ) : (
          <p className="text-slate-600">No ranked game this season yet: you start at 1500 ±350.</p>
        )}
        <Link className="text-blue-700 underline" href={profile}>
          My rating history
        </Link>
      </div>
      <div>
        <p className="font-semibold">Practice (against the AI)</p>
        {practice ? (
          <p>
            <span className="text-xl font-bold">{ratingText(practice)}</span> · {practice.wins}–{practice.losses}–{practice.draws}
          </p>
        ) : (
          <p className="text-slate-600">Finish a game against the AI in the playtest and add it to your practice rating.</p>
        )}
        <p className="text-xs text-slate-600">The AI levels count as fixed ratings: {AI_LEVELS.map((l) => `${LEVEL_INFO[l].name} ${AI_RATINGS[l]}`).join(", ")}. Only you see your practice rating.</p>
      </div>
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { authenticate } from "@/lib/server/request-actor";
import { getPlayerProfile, getRatingHistory, ratedSeasons } from "@/lib/ladder/data/ratings";
import { seasonList, seasonOf } from "@/lib/ladder/rating";
import { seasonParam } from "@/lib/ladder/schemas";
import { SeasonPicker, ratingText } from "@/components/ladder/leaderboard";
import { RatingChart } from "@/components/ladder/rating-chart";

export const metadata: Metadata = { title: "Player" };

/** /play/ladder/players/<id>: a player's ladder rating and its history in a season (the practice rating too, for the player). */
export default async function PlayerPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ season?: string }> }) {
  const { id } = await params;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) notFound();
  const actor = await authenticate("public");
  const current = seasonOf(new Date());
  const asked = seasonParam.safeParse((await searchParams).season);
  const season = asked.success && asked.data <= current ? asked.data : current;
  const profile = await getPlayerProfile(actor, id, season);
  if (!profile) notFound();
  const [ladder, practice, rated] = await Promise.all([getRatingHistory(actor, id, "ladder", season), getRatingHistory(actor, id, "practice", season), ratedSeasons(actor)]);
  const own = actor?.id === id;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{profile.name}</h1>
        <p className="mt-1 text-slate-700">
          <Link className="text-blue-700 underline" href={`/play/ladder?season=${season}`}>
            Season {season} leaderboard
          </Link>
        </p>
      </div>
      <section aria-labelledby="ladder-history" className="space-y-3">
        <h2 id="ladder-history" className="text-lg font-semibold">
          Ladder rating, season {season}: {profile.ladder && profile.ladder.games > 0 ? ratingText(profile.ladder) : "no ranked game yet"}
        </h2>
        <SeasonPicker seasons={seasonList(current, rated)} season={season} action={`/play/ladder/players/${id}`} />
        <RatingChart points={ladder} title={`${profile.name}'s ladder rating in season ${season}`} id="ladder" />
      </section>
      {own && (
        <section aria-labelledby="practice-history" className="space-y-3">
          <h2 id="practice-history" className="text-lg font-semibold">
            Practice rating (only you see it): {profile.practice ? ratingText(profile.practice) : "no practice game yet"}
          </h2>
          <RatingChart points={practice} title="Your practice rating against the AI" id="practice" />
        </section>
      )}
    </div>
  );
}

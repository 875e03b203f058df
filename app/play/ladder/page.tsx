import type { Metadata } from "next";
import Link from "next/link";
import { authenticate } from "@/lib/server/request-actor";
import { getLeaderboard, getMyRatings, ratedSeasons } from "@/lib/ladder/data/ratings";
import { getQueueStatus } from "@/lib/ladder/data/queue";
import { seasonList, seasonOf } from "@/lib/ladder/rating";
import { seasonParam } from "@/lib/ladder/schemas";
import { deckOptions } from "@/lib/play/decks";
import { Leaderboard, SeasonPicker } from "@/components/ladder/leaderboard";
import { MyRatings } from "@/components/ladder/my-ratings";
import { QueuePanel } from "@/components/ladder/queue-panel";

export const metadata: Metadata = { title: "Ladder" };

/** /play/ladder: a season's leaderboard (with the season picker), my ratings, and the matchmaking queue. */
export default async function LadderPage({ searchParams }: { searchParams: Promise<{ season?: string }> }) {
  const actor = await authenticate("public");
  const current = seasonOf(new Date());
  const asked = seasonParam.safeParse((await searchParams).season);
  const season = asked.success && asked.data <= current ? asked.data : current;
  const [rows, rated, mine, decks, queued] = await Promise.all([
    getLeaderboard(actor, season),
    ratedSeasons(actor),
    actor ? getMyRatings(actor, season) : null,
    actor ? deckOptions(actor) : [],
    actor ? getQueueStatus(actor) : ({ state: "idle" } as const),
  ]);
  const seasons = seasonList(current, rated);
  const shown = seasons.find((s) => s.season === season)!;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Ladder</h1>
        <p className="mt-1 max-w-2xl text-slate-700">
          Ranked live games move a Glicko-2 rating: a number and how sure it is (±). Each season ({shown.start} to {shown.end} for season {season}) starts everyone afresh. Only the
          first 3 ranked games between the same two players in 24 hours count.{" "}
          <Link className="text-blue-700 underline" href="/play">
            Back to play
          </Link>
        </p>
      </div>
      {actor && mine ? (
        <section aria-labelledby="my-rating" className="space-y-3">
          <h2 id="my-rating" className="text-lg font-semibold">
            My rating
          </h2>
          <MyRatings ladder={mine.ladder} practice={mine.practice} rank={mine.rank} season={season} profile={`/play/ladder/players/${actor.id}?season=${season}`} />
          {season === current && (
            <>
              <h2 className="text-lg font-semibold">Find a ranked game</h2>
              <QueuePanel decks={decks} initial={queued} />
            </>
          )}
        </section>
      ) : (
        <p className="panel p-3 text-sm">
          <Link className="text-blue-700 underline" href="/signin?callbackUrl=%2Fplay%2Fladder">
            Sign in
          </Link>{" "}
          to join the queue and play ranked games.
        </p>
      )}
      <section aria-labelledby="leaderboard-title" className="space-y-3">
        <h2 id="leaderboard-title" className="text-lg font-semibold">
          Season {season} leaderboard{season === current ? " (current)" : ""}
        </h2>
        <SeasonPicker seasons={seasons} season={season} action="/play/ladder" />
        <Leaderboard rows={rows} season={season} />
      </section>
    </div>
  );
}

import Link from "next/link";
import type { LeaderboardRow, RatingDTO, SeasonDTO } from "@/lib/ladder/types";

/** A rating as text: "1523 ±64", with "?" while provisional. */
export function ratingText(r: RatingDTO): string {
  return `${r.rating}${r.provisional ? "?" : ""} ±${r.rd}`;
}

/** A season's leaderboard: rank, player (to their ladder page), rating, games and results. */
export function Leaderboard({ rows, season }: { rows: LeaderboardRow[]; season: number }) {
  if (rows.length === 0) return <p className="panel p-3 text-sm" data-testid="leaderboard-empty">No ranked game has ended in season {season} yet. Join the queue to be the first on the board.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="leaderboard">
        <caption className="sr-only">Leaderboard of season {season}</caption>
        <thead className="border-b border-slate-300">
          <tr>
            <th scope="col" className="py-1 pr-3">Rank</th>
            <th scope="col" className="py-1 pr-3">Player</th>
            <th scope="col" className="py-1 pr-3">Rating</th>
            <th scope="col" className="py-1 pr-3">Games</th>
            <th scope="col" className="py-1">Won–lost–drawn</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.userId} className="border-b border-slate-100">
              <td className="py-1 pr-3">{r.rank}</td>
              <td className="py-1 pr-3">
                <Link className="text-blue-700 underline" href={`/play/ladder/players/${r.userId}?season=${season}`}>
                  {r.name}
                </Link>
              </td>
              <td className="whitespace-nowrap py-1 pr-3">
                {ratingText(r)}
                {r.provisional && <span className="sr-only"> (provisional)</span>}
              </td>
              <td className="py-1 pr-3">{r.games}</td>
              <td className="py-1">
                {r.wins}–{r.losses}–{r.draws}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-slate-600">A “?” marks a provisional rating (deviation over 110: few games yet, or a long break).</p>
    </div>
  );
}

/** The season picker: a plain GET form, so it works without script and from the keyboard. */
export function SeasonPicker({ seasons, season, action }: { seasons: SeasonDTO[]; season: number; action: string }) {
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-2 text-sm">
      <label className="block">
        <span className="label">Season</span>
        <select name="season" className="input" defaultValue={String(season)} data-testid="season-picker">
          {seasons.map((s) => (
            <option key={s.season} value={s.season}>
              Season {s.season} ({s.start} to {s.end}){s.current ? " · current" : ""}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-secondary">
        Show
      </button>
    </form>
  );
}

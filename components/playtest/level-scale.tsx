import type { LevelScale } from "@/lib/playtest/level-ratings";

/** The AI levels (and starter decks) on one Elo scale, from the committed gauntlet; empty until it has been run. */
export function LevelScaleTable({ scale, id }: { scale: LevelScale; id: string }) {
  return (
    <section aria-labelledby={id} className="panel space-y-2 text-sm" data-testid="level-scale">
      <h2 id={id} className="text-base font-semibold">
        How strong is each AI?
      </h2>
      {scale.rows.length === 0 ? (
        <p className="text-slate-600">The AI levels have not been rated yet.</p>
      ) : (
        <>
          <p className="text-slate-700">
            Every AI level and starter deck played all the others, {scale.gamesPerPair} games a pair (each deal twice, seats swapped). Ratings are Elo points: 200 more
            means winning about three games in four. The range is where the true rating lies with 95% confidence.
          </p>
          <table className="w-full max-w-xl text-left">
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Opponent
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-semibold">
                  Rating
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  95% range
                </th>
              </tr>
            </thead>
            <tbody>
              {scale.rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-200 last:border-0" data-testid={`scale-${r.id}`}>
                  <th scope="row" className={`py-1 pr-3 ${r.kind === "level" ? "font-semibold" : "font-normal text-slate-700"}`}>
                    {r.label}
                  </th>
                  <td className="whitespace-nowrap py-1 pr-3 text-right tabular-nums">≈ {r.rating}</td>
                  <td className="whitespace-nowrap py-1 text-right tabular-nums text-slate-600">
                    {r.lo}–{r.hi}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

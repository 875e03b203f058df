import Link from "next/link";
import type { LabRunDTO } from "@/lib/lab/types";
import { wilsonInterval } from "@/lib/lab/stats";

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** A deck's saved lab runs: how its win rate moved across versions, each run a link that reproduces it. */
export function LabHistory({ deckId, runs }: { deckId: string; runs: LabRunDTO[] }) {
  return (
    <section className="panel space-y-2" aria-labelledby="lab-history-title" data-testid="lab-history">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="lab-history-title" className="text-lg font-semibold">
          Lab history
        </h2>
        <Link href={`/lab?you=${encodeURIComponent(`deck:${deckId}`)}`} className="btn-secondary">
          Test this deck
        </Link>
      </div>
      {runs.length === 0 ? (
        <p className="text-sm text-slate-600">No saved lab runs yet. Run the lab on this deck and save the result to see how its win rate moves from version to version.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Saved lab runs of this deck, newest first</caption>
            <thead>
              <tr className="text-left text-xs text-slate-500">
                <th scope="col">Saved</th>
                <th scope="col">Version</th>
                <th scope="col">Opponents</th>
                <th scope="col">Games</th>
                <th scope="col">Win rate (95% Wilson)</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => {
                const [lo, hi] = wilsonInterval(r.wins, r.games);
                return (
                  <tr key={r.id} className="border-t border-slate-100">
                    <td className="py-1 pr-3">{new Date(r.createdAt).toLocaleDateString("en", { dateStyle: "medium" })}</td>
                    <td className="pr-3">v{r.deckVersion}</td>
                    <td className="pr-3">{r.results.map((x) => `${x.name} ${x.games ? pct(x.wins / x.games) : "–"}`).join(" · ")}</td>
                    <td className="pr-3 tabular-nums">{r.games}</td>
                    <td className="pr-3 tabular-nums">
                      {r.games ? pct(r.wins / r.games) : "–"} <span className="text-xs text-slate-500">({pct(lo)}–{pct(hi)})</span>
                    </td>
                    <td>
                      <Link href={r.href} className="underline">
                        Open
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

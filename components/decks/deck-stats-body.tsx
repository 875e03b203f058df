import { COLORS, type Color } from "@/lib/catalog/colors";
import { EXPOSURE_CLUSTER_MIN, type DeckStats } from "@/lib/decks/stats";
import { ringsText } from "@/lib/catalog/rings";

const COLOR_FILL: Record<Color, string> = { blue: "#2563eb", red: "#dc2626", yellow: "#eab308", gray: "#6b7280" };

/**
 * A deck's statistics drawn: the ring curve, the colour and trait split and the
 * copy-exposure matrix, with the draw-odds panel (`odds`) between them and
 * anything else (`children`, the sample hand) after. No state and no hooks: a
 * shared deck's page renders it on the server (./deck-stats-view), the editor
 * inside its live client component (./deck-stats). `ids` prefixes its element ids.
 */
export function DeckStatsBody({ stats, ids, odds, children }: { stats: DeckStats; ids: string; odds: React.ReactNode; children?: React.ReactNode }) {
  const maxCurve = Math.max(1, ...stats.ringCurve.map((r) => r.count));
  const barW = 28;
  const chartH = 120;
  const maxColor = Math.max(1, ...stats.colorSplit.map((c) => c.count));
  return (
    <div className="space-y-4" data-testid="deck-stats">
      <section className="panel" aria-labelledby={`${ids}-curve`}>
        <h3 id={`${ids}-curve`} className="mb-2 font-semibold">
          Ring curve <span className="font-normal text-slate-600">· average {stats.averageRings.toFixed(2)} rings</span>
        </h3>
        <figure>
          <svg viewBox={`0 0 ${stats.ringCurve.length * barW + 10} ${chartH + 34}`} className="h-44 w-full max-w-xl" role="img" aria-labelledby={`${ids}-curve-desc`}>
            <desc id={`${ids}-curve-desc`}>Cards per ring value: {stats.ringCurve.map((r) => `${ringsText(r.rings)}: ${r.count}`).join(", ")}.</desc>
            {stats.ringCurve.map((r, i) => {
              const h = (r.count / maxCurve) * chartH;
              return (
                <g key={r.rings}>
                  <rect x={i * barW + 6} y={chartH - h + 14} width={barW - 6} height={h} rx={3} fill="#f59e0b" />
                  {r.count > 0 && (
                    <text x={i * barW + 6 + (barW - 6) / 2} y={chartH - h + 10} textAnchor="middle" fontSize="10" className="fill-slate-700">
                      {r.count}
                    </text>
                  )}
                  <text x={i * barW + 6 + (barW - 6) / 2} y={chartH + 28} textAnchor="middle" fontSize="11" className="fill-slate-700">
                    {r.rings}
                  </text>
                </g>
              );
            })}
          </svg>
          <figcaption className="text-xs text-slate-500">Printed ring value (bottom) and number of cards (above each bar).</figcaption>
        </figure>
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <section className="panel" aria-labelledby={`${ids}-colors`}>
          <h3 id={`${ids}-colors`} className="mb-2 font-semibold">
            Colors
          </h3>
          <ul className="space-y-1 text-sm">
            {stats.colorSplit.map((c) => (
              <li key={c.color} className="flex items-center gap-2">
                <span className="w-14 capitalize">{c.color}</span>
                <span className="h-3 rounded" style={{ width: `${(c.count / maxColor) * 60 + 1}%`, background: COLOR_FILL[c.color] }} aria-hidden />
                <span>{c.count}</span>
              </li>
            ))}
          </ul>
          {stats.multiColorCards > 0 && <p className="mt-2 text-xs text-slate-500">{stats.multiColorCards} multi-color cards count once in each of their colors.</p>}
        </section>
        <section className="panel" aria-labelledby={`${ids}-traits`}>
          <h3 id={`${ids}-traits`} className="mb-2 font-semibold">
            Traits
          </h3>
          <ul className="flex flex-wrap gap-2 text-sm">
            {stats.traitSplit.map((t) => (
              <li key={t.trait} className="rounded-full bg-slate-100 px-2 py-0.5">
                {t.trait} <span className="font-semibold">{t.count}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>

      {odds}

      <section className="panel" aria-labelledby={`${ids}-exposure`}>
        <h3 id={`${ids}-exposure`} className="mb-1 font-semibold">
          Copy exposure (color × rings)
        </h3>
        <p className="mb-2 text-xs text-slate-600">
          An opposing flip discards every face-up card of yours with the same active color and printed rings. Cells with {EXPOSURE_CLUSTER_MIN}+ cards are clusters one card can hit at once.
        </p>
        <div className="overflow-x-auto">
          <table className="text-center text-xs" data-testid="exposure-matrix">
            <caption className="sr-only">Cards per color and printed ring value</caption>
            <thead>
              <tr>
                <th scope="col" className="px-2 text-left">Color</th>
                {stats.exposure.ringValues.map((r) => (
                  <th key={r} scope="col" className="w-8 px-1">
                    {r}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {COLORS.filter((c) => stats.exposure.cells.some((cell) => cell.color === c)).map((color) => (
                <tr key={color}>
                  <th scope="row" className="px-2 text-left capitalize">
                    {color}
                  </th>
                  {stats.exposure.ringValues.map((r) => {
                    const cell = stats.exposure.cells.find((x) => x.color === color && x.rings === r);
                    const hot = cell && cell.count >= EXPOSURE_CLUSTER_MIN;
                    return (
                      <td
                        key={r}
                        className={`h-8 w-8 border border-white ${hot ? "bg-red-600 font-bold text-white" : cell ? "bg-amber-100" : "bg-slate-50 text-slate-300"}`}
                        title={cell ? `${cell.count} ${color} ${r}-ring cards: ${cell.titles.join(", ")}` : undefined}
                      >
                        {cell?.count ?? "·"}
                        {hot && <span className="sr-only"> (cluster)</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {stats.exposure.clusters.length > 0 ? (
          <ul className="mt-2 list-disc pl-5 text-sm" data-testid="exposure-clusters">
            {stats.exposure.clusters.map((c) => (
              <li key={`${c.color}${c.rings}`}>
                <span className="capitalize">{c.color}</span> {ringsText(c.rings)}: {c.count} {c.count === 1 ? "card" : "cards"} ({c.titles.join(", ")})
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">No cluster of {EXPOSURE_CLUSTER_MIN} or more: no single copy discard can take out a big group.</p>
        )}
      </section>
      {children}
    </div>
  );
}

/** What the statistics show for a deck with no cards. */
export function NoDeckStats() {
  return <p className="panel text-sm text-slate-600">Add cards to see the ring curve, colors, traits and draw odds.</p>;
}

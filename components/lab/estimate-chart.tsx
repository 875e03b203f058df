import type { SeriesPoint } from "@/lib/lab/run-state";

const W = 320;
const H = 140;
const PAD = { l: 34, r: 8, t: 8, b: 22 };

/**
 * The win-rate estimate over games played, with its 95% Wilson band and the
 * 50% line. A small hand-drawn SVG: one polyline and one polygon, no chart
 * library needed for two series.
 */
export function EstimateChart({ series, label }: { series: SeriesPoint[]; label: string }) {
  const maxGames = Math.max(1, series.at(-1)?.games ?? 0);
  const shownGames = series.at(-1)?.games ?? 0;
  const x = (g: number) => PAD.l + (g / maxGames) * (W - PAD.l - PAD.r);
  const y = (p: number) => PAD.t + (1 - p) * (H - PAD.t - PAD.b);
  const pts = [...series];
  const line = series.map((p) => `${x(p.games).toFixed(1)},${y(p.rate).toFixed(1)}`).join(" ");
  const band = [...pts.map((p) => `${x(p.games).toFixed(1)},${y(p.hi).toFixed(1)}`), ...pts.reverse().map((p) => `${x(p.games).toFixed(1)},${y(p.lo).toFixed(1)}`)].join(" ");
  const last = series.at(-1);
  const desc = last
    ? `After ${last.games} games the win rate is ${(last.rate * 100).toFixed(1)}%, 95% interval ${(last.lo * 100).toFixed(1)}–${(last.hi * 100).toFixed(1)}%.`
    : "No games yet.";
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full max-w-md" role="img" aria-label={`${label}: ${desc}`} data-testid="estimate-chart">
      <title>{label}</title>
      <desc>{desc}</desc>
      {[0, 0.25, 0.5, 0.75, 1].map((p) => (
        <g key={p}>
          <line x1={PAD.l} x2={W - PAD.r} y1={y(p)} y2={y(p)} className={p === 0.5 ? "stroke-slate-400" : "stroke-slate-200"} strokeDasharray={p === 0.5 ? "4 3" : undefined} />
          <text x={PAD.l - 4} y={y(p) + 3} textAnchor="end" className="fill-slate-500 text-[9px]">
            {p * 100}%
          </text>
        </g>
      ))}
      <text x={W - PAD.r} y={H - 6} textAnchor="end" className="fill-slate-500 text-[9px]">
        {shownGames.toLocaleString("en")} games
      </text>
      {series.length > 0 && <polygon points={band} className="fill-blue-200/70" />}
      {series.length > 0 && <polyline points={line} fill="none" className="stroke-blue-700" strokeWidth={1.5} />}
    </svg>
  );
}

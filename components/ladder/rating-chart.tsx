import type { HistoryPoint } from "@/lib/ladder/types";

const W = 640;
const H = 220;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };

/** Round numbers for the rating axis: about four lines between the lowest and highest. */
function ticks(lo: number, hi: number): number[] {
  const step = [25, 50, 100, 200, 250, 500].find((s) => (hi - lo) / s <= 5) ?? 1000;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(v);
  return out;
}

/**
 * A rating history as an SVG line chart (one point per rated game, the band
 * is the rating ± its deviation), with a text summary for screen readers and
 * the same figures as a table.
 */
export function RatingChart({ points, title, id }: { points: HistoryPoint[]; title: string; id: string }) {
  if (points.length === 0) return <p className="text-sm text-slate-600">No rated game yet.</p>;
  const lo = Math.min(...points.map((p) => p.rating - p.rd));
  const hi = Math.max(...points.map((p) => p.rating + p.rd));
  const [min, max] = lo === hi ? [lo - 50, hi + 50] : [lo, hi];
  const n = points.length;
  const x = (i: number) => PAD.left + (n === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (n - 1));
  const y = (v: number) => PAD.top + ((max - v) * (H - PAD.top - PAD.bottom)) / (max - min);
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const band = [...points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating + p.rd).toFixed(1)}`), ...points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating - p.rd).toFixed(1)}`).reverse()].join(" ");
  const last = points[n - 1];
  const best = Math.max(...points.map((p) => p.rating));
  const summary = `${n} rated game${n === 1 ? "" : "s"}: from ${points[0].rating - points[0].delta} to ${last.rating} (±${last.rd}); highest ${best}.`;
  return (
    <figure className="space-y-2" data-testid={`${id}-chart`}>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full max-w-2xl" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks(min, max).map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="stroke-slate-200 dark:stroke-slate-700" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
              {v}
            </text>
          </g>
        ))}
        <polygon points={band} className="fill-blue-200/50 dark:fill-blue-400/20" />
        <path d={line} fill="none" className="stroke-blue-700 dark:stroke-blue-300" strokeWidth={2} />
        {points.map((p, i) => (
          <circle key={i} cx={x(i)} cy={y(p.rating)} r={n > 60 ? 1.5 : 3} className="fill-blue-700 dark:fill-blue-300" />
        ))}
        <text x={PAD.left} y={H - 8} className="fill-slate-600 text-[11px]">
          game 1
        </text>
        <text x={W - PAD.right} y={H - 8} textAnchor="end" className="fill-slate-600 text-[11px]">
          game {n}
        </text>
      </svg>
      <figcaption className="text-sm text-slate-700">{summary}</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-blue-700 underline">Show as a table</summary>
        <div className="max-h-72 overflow-y-auto">
          <table className="mt-2 w-full max-w-md text-left">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Game</th>
                <th scope="col">Date</th>
                <th scope="col">Rating</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p, i) => (
                <tr key={i}>
                  <td>{i + 1}</td>
                  <td>{p.at.slice(0, 10)}</td>
                  <td>
                    {p.rating} ±{p.rd}
                  </td>
                  <td>{p.delta > 0 ? `+${p.delta}` : p.delta}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

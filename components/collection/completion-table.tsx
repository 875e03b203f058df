import type { CompletionRow } from "@/lib/collection/types";
import { PLAYSET } from "@/lib/collection/schemas";
import { ProgressBar } from "@/components/collection/progress-bar";

function pct(n: number, d: number): string {
  return d > 0 ? `${Math.round((n / d) * 100)}%` : "0%";
}

export function CompletionTable({ title, rows, testId, capitalize = false }: { title: string; rows: CompletionRow[]; testId: string; capitalize?: boolean }) {
  return (
    <section aria-labelledby={`${testId}-h`} className="panel">
      <h2 id={`${testId}-h`} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">No cards in the catalog yet.</p>
      ) : (
        <ul className="space-y-4" data-testid={testId}>
          {rows.map((r) => (
            <li key={r.key} data-testid={`${testId}-${r.key}`}>
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className={`font-semibold ${capitalize ? "capitalize" : ""}`}>{r.label}</span>
                <span className="tabular-nums text-slate-700" data-testid="owned-figure">
                  {r.owned} / {r.total} cards · {pct(r.owned, r.total)}
                </span>
              </div>
              <ProgressBar label={`${r.label}: cards owned`} value={r.owned} max={r.total} />
              <div className="mt-1 flex items-center gap-2 text-xs text-slate-600">
                <span className="w-40 shrink-0 tabular-nums">
                  Playsets {r.playsets} / {r.titles} titles
                </span>
                <ProgressBar label={`${r.label}: playsets of ${PLAYSET}`} value={r.playsets} max={r.titles} tone="amber" size="sm" />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

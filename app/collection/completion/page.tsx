import type { Metadata } from "next";
import { requireUserOrRedirect } from "@/lib/server/session";
import { collectionCompletion, type CompletionRow } from "@/lib/collection/data";
import { PLAYSET } from "@/lib/collection/schemas";
import { ProgressBar } from "@/components/collection/progress-bar";

export const metadata: Metadata = { title: "Completion" };

function pct(n: number, d: number): string {
  return d > 0 ? `${Math.round((n / d) * 100)}%` : "0%";
}

function CompletionTable({ title, rows, testId, capitalize = false }: { title: string; rows: CompletionRow[]; testId: string; capitalize?: boolean }) {
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

export default async function CompletionPage() {
  await requireUserOrRedirect("/collection/completion");
  const c = await collectionCompletion();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Completion</h1>
        <p className="text-sm text-slate-600">
          Distinct cards owned out of each group, and playsets: titles of which you own {PLAYSET} copies or more (any printing counts toward its
          title, as in a deck). A multi-color card counts toward each of its colors.
        </p>
      </div>
      <CompletionTable title="Overall" rows={[c.overall]} testId="completion-overall" />
      <div className="grid gap-6 lg:grid-cols-3">
        <CompletionTable title="By set" rows={c.sets} testId="completion-sets" />
        <CompletionTable title="By color" rows={c.colors} testId="completion-colors" capitalize />
        <CompletionTable title="By rarity" rows={c.rarities} testId="completion-rarities" capitalize />
      </div>
    </div>
  );
}

import Link from "next/link";
import { Suspense } from "react";
import { ownershipFilterSchema, PLAYSET, type OwnershipFilter } from "@/lib/collection/schemas";
import { collectionHref } from "@/lib/collection/page-params";
import type { CollectionPageView, CollectionParams } from "@/lib/collection/types";
import { toCardTile } from "@/components/catalog/card-grid";
import { CardSearchBox } from "@/components/catalog/card-search-box";
import { CardResultsHeader } from "@/components/catalog/card-results-header";
import { QueryErrorPanel } from "@/components/catalog/query-error-panel";
import { Pagination } from "@/components/ui/pagination";
import { CollectionResults } from "@/components/collection/collection-results";
import { ProgressBar } from "@/components/collection/progress-bar";

/**
 * The collection page's markup: the summary, the search box, the ownership
 * filter and a page of owned quantities (app/collection/page.tsx reads the
 * data per request for the signed-in user; never cached as HTML).
 */

/** "10,101": one formatter for the page's counts (toLocaleString builds a new one per call). */
const COUNT = new Intl.NumberFormat("en");

const FILTERS: { value: OwnershipFilter; label: string; hint: string }[] = [
  { value: "all", label: "All cards", hint: "every card in the catalog" },
  { value: "owned", label: "Owned", hint: "cards you have at least one of" },
  { value: "missing", label: "Missing", hint: "cards you have none of" },
  { value: "duplicates", label: "Duplicates", hint: `more than ${PLAYSET} copies: the extras are tradeable` },
];

const EMPTY: Record<OwnershipFilter, string> = {
  all: "No cards match.",
  owned: "You have not recorded any cards here yet. Open a booster or import a list to start.",
  missing: "Nothing missing: you own every card here.",
  duplicates: `No card here with more than ${PLAYSET} copies.`,
};

export function CollectionView({ params: p, data }: { params: CollectionParams; data: CollectionPageView }) {
  const filter = ownershipFilterSchema.parse(p.show ?? "all");
  const q = p.q ?? "";
  const view = p.view === "list" ? "list" : "grid";
  const hrefWith = (updates: { show?: OwnershipFilter; page?: number }) => collectionHref(p, updates);
  const { result, facets } = data;
  const { summary } = result;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">My collection</h1>
          <p className="text-sm text-slate-600" data-testid="collection-summary">
            {COUNT.format(summary.distinctOwned)} of {COUNT.format(summary.catalog)} cards owned · {COUNT.format(summary.copies)} {summary.copies === 1 ? "copy" : "copies"}
            {summary.tradeable > 0 && <> · {COUNT.format(summary.tradeable)} tradeable</>}
          </p>
          <div className="mt-2 w-72 max-w-full">
            <ProgressBar label="Cards owned of the catalog" value={summary.distinctOwned} max={summary.catalog} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href="/collection/booster" className="btn-primary">
            Open a booster
          </Link>
          <Link href="/collection/import" className="btn-secondary">
            Import / export
          </Link>
        </div>
      </div>

      <Suspense fallback={<div className="h-40 animate-pulse rounded-lg bg-slate-100" aria-hidden />}>
        <CardSearchBox traits={facets.traits} sets={facets.sets} showAppliedError={false} label="Search your collection" />
      </Suspense>

      <nav aria-label="Ownership filter">
        <ul className="flex flex-wrap gap-2">
          {FILTERS.map((f) => (
            <li key={f.value}>
              <Link
                href={hrefWith({ show: f.value })}
                aria-current={filter === f.value ? "page" : undefined}
                title={f.hint}
                className={`inline-block rounded-full border px-3 py-1 text-sm font-semibold ${
                  filter === f.value ? "border-blue-700 bg-blue-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
                }`}
              >
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {!result.ok ? (
        <QueryErrorPanel query={q} error={result.error} />
      ) : (
        <section aria-labelledby="collection-results" className="space-y-4">
          <CardResultsHeader
            id="collection-results"
            total={result.total}
            page={result.page}
            pageSize={result.pageSize}
            note={filter !== "all" ? FILTERS.find((f) => f.value === filter)?.hint : undefined}
            sort={result.sort}
            dir={result.dir}
            view={view}
          />
          {result.cards.length === 0 ? (
            <div className="panel text-center text-slate-600">
              {result.total === 0 ? (
                <p>{EMPTY[filter]}</p>
              ) : (
                <p>
                  This page is past the last result.{" "}
                  <Link href={hrefWith({ page: 1 })} className="text-blue-700 underline">
                    Back to page 1
                  </Link>
                </p>
              )}
            </div>
          ) : (
            <CollectionResults cards={result.cards.map((c) => ({ ...toCardTile(c), quantity: c.quantity }))} view={view} />
          )}
          <Pagination page={result.page} pageCount={Math.ceil(result.total / result.pageSize)} hrefFor={(page) => hrefWith({ page })} />
        </section>
      )}
    </div>
  );
}

import { parsePageNumber } from "@/lib/util/page-number";
import Link from "next/link";
import type { Actor } from "@/lib/server/actor";
import { Suspense } from "react";
import { listCollection } from "@/lib/collection/data";
import { cachedCatalogFacets } from "@/lib/catalog/data/public-pages";
import { ownershipFilterSchema, PLAYSET, type OwnershipFilter } from "@/lib/collection/schemas";
import { toCardTile } from "@/components/catalog/card-grid";
import { CardSearchBox } from "@/components/catalog/card-search-box";
import { CardResultsHeader } from "@/components/catalog/card-results-header";
import { QueryErrorPanel } from "@/components/catalog/query-error-panel";
import { Pagination } from "@/components/ui/pagination";
import { CollectionResults } from "@/components/collection/collection-results";
import { ProgressBar } from "@/components/collection/progress-bar";

/**
 * The collection page's query, data and markup (app/collection/page.tsx,
 * rendered per request for the signed-in user; never cached as HTML).
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

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** The page's parameters, one value each (q, show, sort, dir, page, view). */
export type CollectionParams = Record<string, string | undefined>;

/** The page's own parameters from a query string's values (the first of each). */
export function collectionParams(sp: Record<string, string | string[] | undefined>): CollectionParams {
  const out: CollectionParams = {};
  for (const key of ["q", "show", "sort", "dir", "page", "view"]) out[key] = one(sp[key]);
  return out;
}

/** The link to this page with the filter or page changed (the other parameters kept). */
export function collectionHref(p: CollectionParams, updates: { show?: OwnershipFilter; page?: number } = {}): string {
  const params = new URLSearchParams();
  for (const key of ["q", "sort", "dir", "view"]) {
    const v = p[key];
    if (v) params.set(key, v);
  }
  const show = updates.show ?? ownershipFilterSchema.parse(p.show ?? "all");
  if (show !== "all") params.set("show", show);
  const page = updates.page ?? (updates.show ? 1 : parsePageNumber(p.page));
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `/collection?${s}` : "/collection";
}

/** The signed-in user's page of the collection and the search box's lists (the actor the page authenticated). */
export async function loadCollection(actor: Actor, p: CollectionParams) {
  const filter = ownershipFilterSchema.parse(p.show ?? "all");
  const [result, facets] = await Promise.all([
    listCollection(actor, { filter, q: p.q ?? "", sort: p.sort, dir: p.dir, page: p.page }),
    // the filter lists are the catalog's, the same for everyone: cached until a catalog write
    cachedCatalogFacets(),
  ]);
  return { result, facets };
}

export function CollectionView({ params: p, data }: { params: CollectionParams; data: Awaited<ReturnType<typeof loadCollection>> }) {
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

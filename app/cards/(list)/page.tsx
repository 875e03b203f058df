import type { Metadata } from "next";
import Link from "next/link";
import { cachedCardSearch } from "@/lib/catalog/data/public-pages";
import { toCardTile } from "@/components/catalog/card-grid";
import { CardResults } from "@/components/catalog/card-results";
import { CardResultsHeader } from "@/components/catalog/card-results-header";
import { Pagination } from "@/components/ui/pagination";
import { QueryErrorPanel } from "@/components/catalog/query-error-panel";

export const metadata: Metadata = { title: "Cards" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The first value of each of the page's parameters (a repeated one counts once). */
function listParams(raw: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of ["q", "sort", "dir", "page", "view"]) {
    const v = raw[key];
    out[key] = Array.isArray(v) ? v[0] : v;
  }
  return out;
}

/**
 * /cards with any query: rendered per request (it reads the query string) from
 * the cached search results of that query (lib/catalog/data/public-pages.ts
 * cachedCardSearch, tagged `catalog` and `cards`: a card write or an import
 * invalidates them). The title and search box are in ./layout.tsx, which stays
 * while the query changes.
 */
export default async function CardsPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = listParams(await searchParams);
  const q = sp.q ?? "";
  const view = sp.view === "list" ? "list" : "grid";
  const result = await cachedCardSearch({ q, sort: sp.sort, dir: sp.dir, page: sp.page });

  const hrefFor = (page: number) => {
    const params = new URLSearchParams();
    for (const key of ["q", "sort", "dir", "view"]) {
      const v = sp[key];
      if (v) params.set(key, v);
    }
    if (page > 1) params.set("page", String(page));
    return `/cards?${params.toString()}`;
  };

  return (
    <>
      {!result.ok ? (
        <QueryErrorPanel query={q} error={result.error} />
      ) : (
        <section aria-labelledby="results-heading" className="space-y-4">
          <CardResultsHeader id="results-heading" total={result.total} page={result.page} pageSize={result.pageSize} sort={result.sort} dir={result.dir} view={view} />
          {result.cards.length === 0 ? (
            <div className="panel text-center text-slate-600">
              {result.total === 0 ? (
                q ? (
                  <p>
                    No cards match <code className="rounded bg-slate-100 px-1">{q}</code>. Try removing a filter, or see the{" "}
                    <Link href="/cards/syntax" className="text-blue-700 underline">
                      syntax help
                    </Link>
                    .
                  </p>
                ) : (
                  <p>
                    The catalog is empty. Run <code>npm run db:seed</code> to load the demo set.
                  </p>
                )
              ) : (
                <p>
                  This page is past the last result.{" "}
                  <Link href={hrefFor(1)} className="text-blue-700 underline">
                    Back to page 1
                  </Link>
                </p>
              )}
            </div>
          ) : (
            <CardResults cards={result.cards.map(toCardTile)} view={view} />
          )}
          <Pagination page={result.page} pageCount={Math.ceil(result.total / result.pageSize)} hrefFor={hrefFor} />
        </section>
      )}
    </>
  );
}

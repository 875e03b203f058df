import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { searchCards } from "@/lib/catalog/data/card-search";
import { decodeListState } from "@/lib/server/cache/page-state";
import { toCardTile } from "@/components/catalog/card-grid";
import { CardResults } from "@/components/catalog/card-results";
import { CardResultsHeader } from "@/components/catalog/card-results-header";
import { Pagination } from "@/components/ui/pagination";
import { QueryErrorPanel } from "@/components/catalog/query-error-panel";

export const metadata: Metadata = { title: "Cards" };

// /cards?… is served from here (lib/server/cache/list-routes.cjs): rendered once per query, then kept
// until a catalog write invalidates it (lib/catalog/data/public-pages.ts). The title and search box are
// in ../layout.tsx, which stays while the query changes.
export const revalidate = 60;
export function generateStaticParams() {
  return [];
}

type Params = Promise<{ state: string }>;

export default async function CardsPage({ params }: { params: Params }) {
  const sp = decodeListState("/cards", (await params).state);
  if (!sp) notFound();
  const q = sp.q ?? "";
  const view = sp.view === "list" ? "list" : "grid";
  const result = await searchCards({ q, sort: sp.sort, dir: sp.dir, page: sp.page });

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

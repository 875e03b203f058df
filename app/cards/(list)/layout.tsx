import Link from "next/link";
import { Suspense, type ReactNode } from "react";
import { cachedCatalogFacets } from "@/lib/catalog/data/public-pages";
import { CardSearchBox } from "@/components/catalog/card-search-box";

/**
 * The catalog's title and search box, around the results of one query
 * (./page.tsx). The router recreates the page segment when the query string
 * changes: the search box lives here, above it, so that it keeps what the user
 * is typing, the query waiting for its typing pause and its focus while a new
 * page of results arrives. (A route group: /cards/SET/N and the other pages
 * under /cards have layouts of their own.)
 */
export default async function CardsLayout({ children }: { children: ReactNode }) {
  const facets = await cachedCatalogFacets();
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">Cards</h1>
        <span className="badge-unofficial">Unofficial demo set</span>
        <div className="ml-auto flex gap-2 text-sm">
          <Link href="/sets" className="btn-secondary">
            Set checklists
          </Link>
          <Link href="/census" className="btn-secondary">
            Card census
          </Link>
        </div>
      </div>

      <Suspense fallback={<div className="h-40 animate-pulse rounded-lg bg-slate-100" aria-hidden />}>
        <CardSearchBox traits={facets.traits} sets={facets.sets} showAppliedError={false} />
      </Suspense>

      {children}
    </div>
  );
}

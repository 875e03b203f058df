import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { requireAdminPage } from "@/lib/server/request-actor";
import { catalogFacets, searchCards } from "@/lib/catalog/data/card-search";
import { CardGrid } from "@/components/catalog/card-grid";
import { CardSearchBox } from "@/components/catalog/card-search-box";
import { QueryErrorPanel } from "@/components/catalog/query-error-panel";
import { Pagination } from "@/components/ui/pagination";

export const metadata: Metadata = { title: "Catalog admin" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function AdminCardsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("/admin/cards");
  const sp = await searchParams;
  const q = one(sp.q) ?? "";
  const deleted = one(sp.deleted);
  const [result, facets] = await Promise.all([searchCards({ q, page: one(sp.page), pageSize: 100 }), catalogFacets()]);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Catalog</h1>
        <Link href="/admin" className="text-sm text-blue-700 hover:underline">
          ← Admin
        </Link>
        <div className="ml-auto flex gap-2">
          <Link href="/admin/import" className="btn-secondary">
            Import / export
          </Link>
          <Link href="/admin/cards/new" className="btn-primary">
            New card
          </Link>
        </div>
      </div>
      <div aria-live="polite">{deleted && <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">Deleted {deleted}.</p>}</div>
      <Suspense>
        <CardSearchBox traits={facets.traits} sets={facets.sets} showAppliedError={false} />
      </Suspense>
      {!result.ok ? (
        <QueryErrorPanel query={q} error={result.error} />
      ) : (
        <>
          <p className="text-sm text-slate-600">{result.total} cards</p>
          <CardGrid
            cards={result.cards}
            view="list"
            label="Catalog cards"
            renderActions={(card) => (
              <Link href={`/admin/cards/${card.id}`} className="text-sm font-semibold text-blue-700 hover:underline" aria-label={`Edit ${card.title} (${card.key})`}>
                Edit
              </Link>
            )}
          />
          <Pagination
            page={result.page}
            pageCount={Math.ceil(result.total / result.pageSize)}
            hrefFor={(p) => `/admin/cards?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) }).toString()}`}
          />
        </>
      )}
    </div>
  );
}

import type { Metadata } from "next";
import { Suspense } from "react";
import { PageSkeleton } from "@/components/ui/skeleton";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import type { Actor } from "@/lib/server/actor";
import { ownershipFilterSchema } from "@/lib/collection/schemas";
import { listCollection } from "@/lib/collection/data";
import { cachedCatalogFacets } from "@/lib/catalog/data/public-pages";
import { collectionHref, collectionParams } from "@/lib/collection/page-params";
import type { CollectionPageView, CollectionParams } from "@/lib/collection/types";
import { CollectionView } from "@/components/collection/collection-view";

export const metadata: Metadata = { title: "My collection" };

/** The signed-in user's page of the collection and the search box's lists (the actor the page authenticated). */
async function loadCollection(actor: Actor, p: CollectionParams): Promise<CollectionPageView> {
  const filter = ownershipFilterSchema.parse(p.show ?? "all");
  const [result, facets] = await Promise.all([
    listCollection(actor, { filter, q: p.q ?? "", sort: p.sort, dir: p.dir, page: p.page }),
    // the filter lists are the catalog's, the same for everyone: cached until a catalog write
    cachedCatalogFacets(),
  ]);
  return { result, facets };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * /collection, rendered per request: a guest is redirected to sign-in; a
 * signed-in user's page streams behind a skeleton. Never cached as HTML
 * (docs/caching.md): a write by the user invalidates their tag, which
 * re-renders it in the action's response.
 */
export default async function CollectionPage({ searchParams }: { searchParams: SearchParams }) {
  const params = collectionParams(await searchParams);
  const actor = await requireUserOrRedirect(collectionHref(params));
  // signed in: the rest streams behind a skeleton (the redirect above still answers with a real HTTP redirect)
  return (
    <Suspense fallback={<PageSkeleton kind="grid" label="your collection" />}>
      <CollectionContent actor={actor} params={params} />
    </Suspense>
  );
}

async function CollectionContent({ actor, params }: { actor: Actor; params: CollectionParams }) {
  return <CollectionView params={params} data={await loadCollection(actor, params)} />;
}

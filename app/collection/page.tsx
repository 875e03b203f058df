import type { Metadata } from "next";
import { Suspense } from "react";
import { PageSkeleton } from "@/components/ui/skeleton";
import { requireUserOrRedirect } from "@/lib/server/session";
import { collectionHref, collectionParams, CollectionView, loadCollection, type CollectionParams } from "./collection-view";

export const metadata: Metadata = { title: "My collection" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * /collection rendered per request: for a guest (a redirect to sign-in), and for
 * a signed-in user the proxy could not vouch for just now (docs/caching.md,
 * "Private pages"); a session it vouched for is served from
 * app/cached/private/collection instead.
 */
export default async function CollectionPage({ searchParams }: { searchParams: SearchParams }) {
  const params = collectionParams(await searchParams);
  await requireUserOrRedirect(collectionHref(params));
  // signed in: the rest streams behind a skeleton (the redirect above still answers with a real HTTP redirect)
  return (
    <Suspense fallback={<PageSkeleton kind="grid" label="your collection" />}>
      <CollectionContent params={params} />
    </Suspense>
  );
}

async function CollectionContent({ params }: { params: CollectionParams }) {
  return <CollectionView params={params} data={await loadCollection(params)} />;
}

import type { Metadata } from "next";
import { Suspense } from "react";
import { PageSkeleton } from "@/components/ui/skeleton";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import type { Actor } from "@/lib/server/actor";
import { collectionHref, collectionParams, CollectionView, loadCollection, type CollectionParams } from "./collection-view";

export const metadata: Metadata = { title: "My collection" };

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

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { readAsKeyedUser } from "@/lib/server/cache/keyed-view";
import { CollectionView, loadCollection } from "@/app/collection/collection-view";
import { tagWithCatalog } from "../../tags";

export const metadata: Metadata = { title: "My collection" };

// Signed-in /collection?… is served from here (lib/server/cache/private-routes.cjs): rendered once per user, data version
// and query (the key), kept until the user's next write moves the version on, a catalog write drops it, or its
// lifetime ends (a safety net for writes made outside the app without Redis). docs/caching.md, "Private pages".
export const revalidate = 60;
export function generateStaticParams() {
  return [];
}

export default async function PrivateCollectionPage({ params }: { params: Promise<{ key: string }> }) {
  const loaded = await readAsKeyedUser("collection", (await params).key, async (query) => ({ query, data: await loadCollection(query) }));
  if (!loaded) notFound();
  await tagWithCatalog();
  return <CollectionView params={loaded.query} data={loaded.data} />;
}

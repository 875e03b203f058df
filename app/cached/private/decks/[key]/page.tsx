import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { readAsKeyedUser } from "@/lib/server/cache/keyed-view";
import { DecksView, loadDecks } from "@/app/decks/decks-view";
import { tagWithCatalog } from "../../tags";

export const metadata: Metadata = { title: "My decks" };

// Signed-in /decks is served from here (lib/server/cache/private-routes.cjs): rendered once per user and data version (the
// key), kept until the user's next deck write moves the version on, a catalog write drops it, or its lifetime ends.
// docs/caching.md, "Private pages".
export const revalidate = 60;
export function generateStaticParams() {
  return [];
}

export default async function PrivateDecksPage({ params }: { params: Promise<{ key: string }> }) {
  const data = await readAsKeyedUser("decks", (await params).key, () => loadDecks());
  if (!data) notFound();
  await tagWithCatalog();
  return <DecksView data={data} />;
}

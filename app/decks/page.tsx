import { Suspense } from "react";
import { PageSkeleton } from "@/components/ui/skeleton";
import type { Metadata } from "next";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import type { Actor } from "@/lib/server/actor";
import { DecksView, loadDecks } from "./decks-view";

export const metadata: Metadata = { title: "My decks" };

/**
 * /decks, rendered per request: a guest is redirected to sign-in; a signed-in
 * user's lists stream behind a skeleton. Never cached as HTML (docs/caching.md).
 */
export default async function DecksPage() {
  const actor = await requireUserOrRedirect("/decks");
  // signed in: the lists stream behind a skeleton (the redirect above still answers with a real HTTP redirect)
  return (
    <Suspense fallback={<PageSkeleton kind="rows" label="your decks" />}>
      <DecksContent actor={actor} />
    </Suspense>
  );
}

async function DecksContent({ actor }: { actor: Actor }) {
  return <DecksView data={await loadDecks(actor)} />;
}

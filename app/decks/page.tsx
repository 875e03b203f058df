import { Suspense } from "react";
import { PageSkeleton } from "@/components/ui/skeleton";
import type { Metadata } from "next";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import type { Actor } from "@/lib/server/actor";
import type { DeckListView } from "@/lib/decks/types";
import { listMyDecks } from "@/lib/decks/data";
import { listStarterDecks } from "@/lib/decks/data/starter-decks";
import { DecksView } from "@/components/decks/decks-view";

export const metadata: Metadata = { title: "My decks" };

/** The signed-in user's decks and the starter decks (the actor the page authenticated). */
async function loadDecks(actor: Actor): Promise<DeckListView> {
  const [decks, starters] = await Promise.all([listMyDecks(actor), listStarterDecks()]);
  return { decks, starters };
}

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

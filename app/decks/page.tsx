import { Suspense } from "react";
import { PageSkeleton } from "@/components/ui/skeleton";
import type { Metadata } from "next";
import { requireUserOrRedirect } from "@/lib/server/session";
import { DecksView, loadDecks } from "./decks-view";

export const metadata: Metadata = { title: "My decks" };

/**
 * /decks rendered per request: for a guest (a redirect to sign-in), and for a
 * signed-in user the proxy could not vouch for just now (docs/caching.md,
 * "Private pages"); a session it vouched for is served from
 * app/cached/private/decks instead.
 */
export default async function DecksPage() {
  await requireUserOrRedirect("/decks");
  // signed in: the lists stream behind a skeleton (the redirect above still answers with a real HTTP redirect)
  return (
    <Suspense fallback={<PageSkeleton kind="rows" label="your decks" />}>
      <DecksContent />
    </Suspense>
  );
}

async function DecksContent() {
  return <DecksView data={await loadDecks()} />;
}

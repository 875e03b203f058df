import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cachedPublishedDeck } from "@/lib/catalog/data/public-pages";
import { appUrl } from "@/lib/accounts/app-url";
import { deckEmbedView } from "@/lib/og/embed";
import { DeckEmbed } from "@/components/embed/deck-embed";

export const metadata: Metadata = { title: "Deck widget", robots: { index: false } };

/**
 * /embed/d/<slug>: a shared deck as a widget for other sites' iframes
 * (frame-ancestors allows any site here only: proxy.ts). Public and unlisted
 * decks; a private one is not found, as on /d/<slug>.
 */
export default async function DeckEmbedPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const deck = await cachedPublishedDeck(slug);
  if (!deck || deck.visibility === "private") notFound();
  return <DeckEmbed deck={deckEmbedView(appUrl().base, deck)} />;
}

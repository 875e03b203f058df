import { cachedPublishedDeck } from "@/lib/catalog/data/public-pages";
import { OG_CONTENT_TYPE, OG_SIZE, ogImage, ogNotFound } from "@/lib/og/image";
import { deckOgView } from "@/lib/og/views";
import { DeckOg } from "@/components/og/deck-og";

/** A shared deck's link preview: public and unlisted decks only (a private deck is not found, as on the page). */
export const alt = "A Sonic X TCG deck on Ringbinder";
export const size = OG_SIZE;
export const contentType = OG_CONTENT_TYPE;

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const deck = await cachedPublishedDeck(slug);
  if (!deck || deck.visibility === "private") return ogNotFound();
  return ogImage(<DeckOg deck={deckOgView(deck)} />);
}

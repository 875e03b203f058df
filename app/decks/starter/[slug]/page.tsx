import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cachedDeckList } from "@/lib/catalog/data/public-pages";
import { getStarterDeck } from "@/lib/decks/data/starter-decks";
import { encodeDeckCode } from "@/lib/decks";
import { DeckView } from "@/components/decks/deck-view";

type Props = { params: Promise<{ slug: string }> };

// Read-only and the same for everyone: rendered once, kept until a printing it lists changes.
export const revalidate = 60;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const starter = await getStarterDeck((await params).slug);
  return starter ? { title: `${starter.name} (starter deck)`, description: starter.description, openGraph: { title: starter.name, description: starter.description } } : { title: "Starter deck not found" };
}

export default async function StarterDeckPage({ params }: Props) {
  const { slug } = await params;
  const starter = await getStarterDeck(slug);
  if (!starter) notFound();
  const resolved = await cachedDeckList(`starter:${starter.slug}`, starter.cards);
  return (
    <DeckView
      name={starter.name}
      byline="Starter deck (unofficial demo set), read-only"
      description={starter.description}
      entries={resolved.entries}
      check={resolved.check}
      copySource={{ starter: starter.slug }}
      playtestQuery={`code=${encodeURIComponent(encodeDeckCode(starter.cards))}`}
      returnTo={`/decks/starter/${slug}`}
    />
  );
}

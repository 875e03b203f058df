import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { resolveDeckList } from "@/lib/dal/decks";
import { getCurrentUser } from "@/lib/dal/session";
import { getStarterDeck } from "@/lib/dal/starter-decks";
import { encodeDeckCode } from "@/lib/deck";
import { DeckView } from "@/components/deck/deck-view";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const starter = await getStarterDeck((await params).slug);
  return starter ? { title: `${starter.name} (starter deck)`, description: starter.description, openGraph: { title: starter.name, description: starter.description } } : { title: "Starter deck not found" };
}

export default async function StarterDeckPage({ params }: Props) {
  const { slug } = await params;
  const starter = await getStarterDeck(slug);
  if (!starter) notFound();
  const [resolved, user] = await Promise.all([resolveDeckList(starter.cards), getCurrentUser()]);
  return (
    <DeckView
      name={starter.name}
      byline="Starter deck (unofficial demo set), read-only"
      description={starter.description}
      entries={resolved.entries}
      check={resolved.check}
      signedIn={!!user}
      copySource={{ starter: starter.slug }}
      playtestQuery={`code=${encodeURIComponent(encodeDeckCode(starter.cards))}`}
      returnTo={`/decks/starter/${slug}`}
    />
  );
}

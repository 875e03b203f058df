import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cachedPublishedDeck } from "@/lib/catalog/data/public-pages";
import { DeckView } from "@/components/decks/deck-view";
import { CommunityProvider } from "@/components/community/community-context";
import { DeckCommunityBar } from "@/components/community/deck-community-bar";
import { DeckComments } from "@/components/community/deck-comments";
import { EmbedCode } from "@/components/embed/embed-code";
import { appUrl } from "@/lib/accounts/app-url";

type Props = { params: Promise<{ slug: string }> };

// A shared deck is rendered once for everyone (the copy button and owned marks
// come from the visitor's browser) and kept until a save of the deck or of a
// card in it invalidates it. Private decks are not found here, owner included:
// owners open them from My decks.
export const revalidate = 60;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const deck = await cachedPublishedDeck(slug);
  if (!deck) return { title: "Deck not found", robots: { index: false } };
  const colors = [...new Set(deck.entries.flatMap((e) => e.card.colors))].join("/");
  const description = `${deck.check.total} cards${colors ? `, ${colors}` : ""} · ${deck.check.legal ? "legal" : "not legal"} · by ${deck.ownerName}. A Sonic X TCG deck on Ringbinder.`;
  return {
    title: deck.name,
    description,
    robots: deck.visibility === "public" ? undefined : { index: false },
    openGraph: { title: `${deck.name} — Sonic X TCG deck`, description, type: "article", siteName: "Ringbinder" },
    twitter: { card: "summary_large_image", title: deck.name, description },
  };
}

export default async function SharedDeckPage({ params }: Props) {
  const { slug } = await params;
  const deck = await cachedPublishedDeck(slug);
  if (!deck) notFound();
  const shared = deck.visibility !== "private";
  const view = (
    <DeckView
      name={deck.name}
      byline={`By ${deck.ownerName} · ${deck.visibility} · updated ${new Date(deck.updatedAt).toLocaleDateString("en", { dateStyle: "medium" })}`}
      author={deck.visibility === "public" ? { name: deck.ownerName, href: `/authors/${deck.ownerId}` } : undefined}
      headerExtra={
        shared ? (
          <>
            <DeckCommunityBar returnTo={`/d/${slug}`} />
            <EmbedCode src={`${appUrl().base}/embed/d/${deck.shareSlug}`} title={`Ringbinder deck: ${deck.name}`} id="ringbinder-deck" />
          </>
        ) : undefined
      }
      footer={shared ? <DeckComments returnTo={`/d/${slug}`} /> : undefined}
      description={deck.description}
      entries={deck.entries}
      check={deck.check}
      copySource={{ slug: deck.shareSlug }}
      playtestQuery={`slug=${encodeURIComponent(deck.shareSlug)}`}
      returnTo={`/d/${slug}`}
    />
  );
  // Likes, views, copies and comments load in the browser (lib/community); private decks have none.
  return shared ? <CommunityProvider slug={deck.shareSlug}>{view}</CommunityProvider> : view;
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getDeckForOwner, listDeckVersions } from "@/lib/decks/data";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import { cachedCatalogFacets } from "@/lib/catalog/data/public-pages";
import { DeckEditor } from "@/components/decks/deck-editor";
import { LabHistory } from "@/components/lab/lab-history";
import { listLabRuns } from "@/lib/lab/data";
import { deckCopies } from "@/lib/collection/data";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Edit deck`, robots: { index: false }, other: { deck: (await params).id } };
}

export default async function DeckEditorPage({ params }: Props) {
  const { id } = await params;
  const actor = await requireUserOrRedirect(`/decks/${id}`);
  const [deck, versions, facets, labRuns, copies] = await Promise.all([getDeckForOwner(actor, id), listDeckVersions(actor, id), cachedCatalogFacets(), listLabRuns(actor, id), deckCopies(actor, id)]);
  if (!deck || !versions) notFound();
  // the filter lists are the catalog's, the same for everyone: from the data cache (tagged with the catalog), not
  // grouped from every trait row per view (bench:http --mode editor)
  // only the deck's cards' counts travel with the page: search results bring their own
  const owned = Object.fromEntries(deck.entries.map((e) => [e.card.id, e.owned ?? 0]));
  return (
    <div className="space-y-3">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/decks" className="text-blue-700 underline">
          My decks
        </Link>{" "}
        / {deck.name}
      </nav>
      <DeckEditor key={deck.id} deck={deck} owned={owned} copies={copies} versions={versions} facets={facets} />
      <LabHistory deckId={deck.id} runs={labRuns ?? []} />
    </div>
  );
}

import type { Metadata } from "next";
import { cachedDeckList } from "@/lib/catalog/data/public-pages";
import { tryDecodeDeckCode } from "@/lib/decks";
import { DeckView } from "@/components/decks/deck-view";

type Props = { params: Promise<{ code: string }> };

// The list lives in the code: rendered once per code for everyone, kept until
// one of its printings changes in the catalog.
export const revalidate = 60;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { code } = await params;
  const decoded = tryDecodeDeckCode(code);
  if (!decoded.ok) return { title: "Invalid deck code", robots: { index: false } };
  const total = decoded.entries.reduce((n, e) => n + e.quantity, 0);
  const description = `${total} cards in ${decoded.entries.length} printings. A Sonic X TCG deck list shared as a code on Ringbinder.`;
  return { title: "Deck from a code", description, robots: { index: false }, openGraph: { title: "Sonic X TCG deck (deck code)", description, siteName: "Ringbinder" } };
}

export default async function DeckCodePage({ params }: Props) {
  const { code } = await params;
  const decoded = tryDecodeDeckCode(code);
  if (!decoded.ok) {
    return (
      <div className="panel max-w-xl">
        <h1 className="mb-2 text-xl font-bold">This deck code cannot be read</h1>
        <p role="alert" className="text-red-800">
          {decoded.message}
        </p>
        <p className="mt-2 text-sm text-slate-600">Check that the whole link was copied.</p>
      </div>
    );
  }
  const resolved = await cachedDeckList(`code:${code}`, decoded.entries);
  return (
    <DeckView
      name="Deck from a code"
      byline="Read-only: the whole list lives in the link, nothing is stored."
      description=""
      entries={resolved.entries}
      check={resolved.check}
      copySource={{ code }}
      playtestQuery={`code=${encodeURIComponent(code)}`}
      returnTo={`/d/code/${code}`}
      notice={resolved.missing.length ? `This catalog has no ${resolved.missing.join(", ")}; those cards are left out.` : undefined}
    />
  );
}

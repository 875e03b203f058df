import type { Metadata } from "next";
import Link from "next/link";
import { listPublicDecks } from "@/lib/dal/decks";
import { ColorDots } from "@/components/deck/color-dots";

export const metadata: Metadata = { title: "Public decks", description: "Sonic X TCG decks shared publicly on Ringbinder." };

type Props = { searchParams: Promise<{ name?: string | string[]; card?: string | string[] }> };

export default async function PublicDecksPage({ searchParams }: Props) {
  const sp = await searchParams;
  const name = typeof sp.name === "string" ? sp.name : "";
  const card = typeof sp.card === "string" ? sp.card : "";
  const decks = await listPublicDecks({ name, card });
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">Public decks</h1>
      <form className="panel flex flex-wrap items-end gap-3" role="search" action="/decks/public">
        <div>
          <label htmlFor="pd-name" className="label">
            Deck name
          </label>
          <input id="pd-name" name="name" className="input" defaultValue={name} maxLength={100} />
        </div>
        <div>
          <label htmlFor="pd-card" className="label">
            Contains card (title)
          </label>
          <input id="pd-card" name="card" className="input" defaultValue={card} maxLength={100} placeholder="e.g. Egg Pawn" />
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </form>
      {decks.length === 0 ? (
        <p className="panel text-slate-600">{name || card ? "No public deck matches that search." : "No one has published a deck yet."}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3" aria-label="Public decks">
          {decks.map((d) => (
            <li key={d.id} className="panel">
              <Link href={`/d/${d.shareSlug}`} className="font-semibold text-blue-800 underline">
                {d.name}
              </Link>
              <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
                <ColorDots colors={d.colors} /> {d.total} cards · {d.legal ? "legal" : "not legal"} · by{" "}
                <Link href={`/authors/${d.ownerId}`} className="underline">
                  {d.ownerName}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import Link from "next/link";
import type { DeckListView } from "@/lib/decks/types";
import { DeckRowActions, NewDeckForm } from "@/components/decks/deck-list-forms";
import { CopyDeckButton } from "@/components/decks/copy-deck-button";
import { ImportPanel } from "@/components/decks/import-panel";
import { ColorDots } from "@/components/decks/color-dots";

/**
 * The deck list's markup: the signed-in user's decks and the starter decks
 * (app/decks/page.tsx reads them per request; never cached as HTML).
 */

/** "Nov 30, 2026, 10:04 PM": one formatter for every row (building one per call costs more than the rest of a row). */
const EDITED = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

export function DecksView({ data: { decks, starters } }: { data: DeckListView }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">My decks</h1>
        <Link href="/decks/public" className="text-sm font-semibold text-blue-700 underline">
          Browse public decks
        </Link>
      </div>
      <section className="panel">
        <NewDeckForm />
      </section>
      {decks.length === 0 ? (
        <p className="panel text-slate-600">You have no decks yet. Create one above, start from a starter deck, or import a list.</p>
      ) : (
        <div className="panel overflow-x-auto p-0">
          <table className="table-stack w-full text-sm" aria-label="My decks">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th className="px-4 py-2 font-medium">Deck</th>
                <th className="px-4 py-2 font-medium">Cards</th>
                <th className="px-4 py-2 font-medium">Legality</th>
                <th className="px-4 py-2 font-medium">Colors</th>
                <th className="px-4 py-2 font-medium">Visibility</th>
                <th className="px-4 py-2 font-medium">Last edited</th>
                <th className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {decks.map((d) => (
                <tr key={d.id} className="border-t border-slate-100" data-testid="deck-row">
                  <td className="px-4 py-2 text-base md:text-sm">
                    <Link href={`/decks/${d.id}`} className="font-semibold text-blue-800 underline">
                      {d.name}
                    </Link>
                  </td>
                  <td data-label="Cards" className="px-4 py-2">{d.total}</td>
                  <td data-label="Legality" className="px-4 py-2">{d.legal ? <span className="text-green-800">Legal</span> : <span className="text-red-800">Not legal</span>}</td>
                  <td data-label="Colors" className="px-4 py-2">
                    <ColorDots colors={d.colors} />
                  </td>
                  <td data-label="Visibility" className="px-4 py-2 capitalize">{d.visibility}</td>
                  <td data-label="Last edited" className="px-4 py-2">
                    <time dateTime={d.updatedAt}>{EDITED.format(new Date(d.updatedAt))}</time>
                  </td>
                  <td className="px-4 py-2">
                    <DeckRowActions deckId={d.id} name={d.name} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="starters">
        <h2 id="starters" className="mb-2 text-lg font-bold">
          Start from a starter deck
        </h2>
        <ul className="grid gap-3 md:grid-cols-3">
          {starters.map((s) => (
            <li key={s.slug} className="panel flex flex-col gap-2">
              <h3 className="font-semibold">{s.name}</h3>
              <p className="flex-1 text-sm text-slate-600">{s.description}</p>
              <div className="flex flex-wrap gap-2">
                <CopyDeckButton source={{ starter: s.slug }} label="Start from this deck" />
                <Link className="btn-secondary" href={`/decks/starter/${s.slug}`}>
                  View
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <ImportPanel target={{ mode: "new" }} />
    </div>
  );
}

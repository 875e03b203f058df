import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cachedPublicDecks } from "@/lib/catalog/data/public-pages";
import { decodeListState } from "@/lib/server/cache/page-state";
import { ColorDots } from "@/components/decks/color-dots";
import { DECK_SORTS, type DeckSort } from "@/lib/community/types";
import { deckSortSchema } from "@/lib/community/schemas";

export const metadata: Metadata = { title: "Public decks", description: "Sonic X TCG decks shared publicly on Ringbinder." };

// /decks/public?… is served from here (lib/server/cache/list-routes.cjs): rendered once per filter and
// sort, then kept until a deck or catalog write invalidates it; the counts
// (likes, views, comments, copies) refresh within the 60-second lifetime.
export const revalidate = 60;
export function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ state: string }> };

function sortHref(sort: DeckSort, name: string, card: string): string {
  const q = new URLSearchParams();
  if (name) q.set("name", name);
  if (card) q.set("card", card);
  if (sort !== "new") q.set("sort", sort);
  const s = q.toString();
  return s ? `/decks/public?${s}` : "/decks/public";
}

function n(value: number, one: string, many: string) {
  return `${value.toLocaleString("en")} ${value === 1 ? one : many}`;
}

export default async function PublicDecksPage({ params }: Props) {
  const sp = decodeListState("/decks/public", (await params).state);
  if (!sp) notFound();
  const name = (sp.name ?? "").trim().slice(0, 100);
  const card = (sp.card ?? "").trim().slice(0, 100);
  const parsedSort = deckSortSchema.safeParse(sp.sort);
  const sort: DeckSort = parsedSort.success ? parsedSort.data : "new";
  const decks = await cachedPublicDecks(name, card, sort);
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
        {sort !== "new" && <input type="hidden" name="sort" value={sort} />}
        <button type="submit" className="btn-primary">
          Search
        </button>
      </form>
      <nav aria-label="Sort public decks" className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-600" id="pd-sort-label">
          Sort:
        </span>
        <ul className="flex flex-wrap gap-2" aria-labelledby="pd-sort-label">
          {DECK_SORTS.map((s) => (
            <li key={s.value}>
              <Link
                href={sortHref(s.value, name, card)}
                aria-current={s.value === sort ? "page" : undefined}
                className={`inline-block rounded-full border px-3 py-1 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
                  s.value === sort ? "border-blue-700 bg-blue-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
                }`}
                data-testid={`sort-${s.value}`}
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {decks.length === 0 ? (
        <p className="panel text-slate-600">{name || card ? "No public deck matches that search." : "No one has published a deck yet."}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3" aria-label="Public decks">
          {decks.map((d) => (
            <li key={d.id} className="panel" data-testid="public-deck">
              <Link href={`/d/${d.shareSlug}`} className="font-semibold text-blue-800 underline">
                {d.name}
              </Link>
              <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
                <ColorDots colors={d.colors} /> {d.total} cards · {d.legal ? "legal" : "not legal"} · by{" "}
                <Link href={`/authors/${d.ownerId}`} className="text-blue-800 underline">
                  {d.ownerName}
                </Link>
              </p>
              <p className="mt-1 text-sm text-slate-600" data-testid="public-deck-counts">
                <span aria-hidden="true" className="text-red-600">
                  ♥
                </span>{" "}
                {n(d.counts.likes, "like", "likes")} · {n(d.counts.views, "view", "views")} · {n(d.counts.comments, "comment", "comments")} · copied by{" "}
                {n(d.counts.copies, "person", "people")}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getAuthor, listPublicDecks } from "@/lib/decks/data";
import { ColorDots } from "@/components/decks/color-dots";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const author = await getAuthor((await params).id);
  return author ? { title: `Decks by ${author.displayName}`, description: `Public Sonic X TCG decks by ${author.displayName} on Ringbinder.` } : { title: "Author not found" };
}

/** An author's page: their display name and public decks (never unlisted or private ones, never their email). */
export default async function AuthorPage({ params }: Props) {
  const { id } = await params;
  const author = await getAuthor(id);
  if (!author) notFound();
  const decks = await listPublicDecks({ ownerId: author.id, take: 200 });
  return (
    <div className="space-y-5">
      <div>
        <p className="text-sm text-slate-600">
          <Link href="/decks/public" className="text-blue-700 underline">
            Public decks
          </Link>{" "}
          / author
        </p>
        <h1 className="text-2xl font-bold">{author.displayName}</h1>
        <p className="text-sm text-slate-600">
          On Ringbinder since {new Date(author.since).toLocaleDateString("en", { dateStyle: "medium" })} · {decks.length} public {decks.length === 1 ? "deck" : "decks"}
        </p>
      </div>
      {decks.length === 0 ? (
        <p className="panel text-slate-600">{author.displayName} has not published a deck yet.</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3" aria-label={`Public decks by ${author.displayName}`}>
          {decks.map((d) => (
            <li key={d.id} className="panel">
              <Link href={`/d/${d.shareSlug}`} className="font-semibold text-blue-800 underline">
                {d.name}
              </Link>
              <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
                <ColorDots colors={d.colors} /> {d.total} cards · {d.legal ? "legal" : "not legal"} · updated {new Date(d.updatedAt).toLocaleDateString("en", { dateStyle: "medium" })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { ColorDots } from "@/components/deck/color-dots";
import { getDeckCompletion } from "@/lib/dal/lab";
import { requireUserOrRedirect } from "@/lib/dal/session";
import { proposeReplacements } from "@/lib/deck/completion";
import { parseSource, sourceString } from "@/lib/lab/params";

export const metadata: Metadata = { title: "Complete from my collection", robots: { index: false } };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function CompletePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const raw = (await searchParams).deck;
  const text = typeof raw === "string" ? raw : "";
  await requireUserOrRedirect(`/lab/complete?deck=${encodeURIComponent(text)}`);
  const source = parseSource(text);
  const heading = <h1 className="mb-3 text-2xl font-bold">Complete from my collection</h1>;
  if (!source)
    return (
      <div>
        {heading}
        <p role="alert" className="panel text-sm">
          Open this page from a deck (its &ldquo;Complete from my collection&rdquo; link): the link names no deck this page can read.
        </p>
      </div>
    );
  const r = await getDeckCompletion(source);
  if (!r.ok)
    return (
      <div>
        {heading}
        <p role="alert" className="panel text-sm">
          {r.message}
        </p>
      </div>
    );
  const proposals = proposeReplacements(r.lines, r.owned);
  const missingCopies = proposals.reduce((n, p) => n + p.line.missing, 0);
  const total = r.lines.reduce((n, l) => n + l.quantity, 0);
  const wantHref = (format: string) => `/api/decks/want-list?deck=${encodeURIComponent(sourceString(source))}&format=${format}`;
  return (
    <div className="space-y-4">
      {heading}
      <p className="text-slate-700">
        <strong>{r.name}</strong>: you own {total - missingCopies} of its {total} cards.{" "}
        {missingCopies === 0 ? "Nothing is missing: you can build it from your collection." : `${missingCopies} ${missingCopies === 1 ? "copy is" : "copies are"} missing.`}
      </p>
      {missingCopies > 0 && (
        <>
          <div className="flex flex-wrap gap-2">
            <a className="btn-secondary" href={wantHref("text")} download>
              Want list (text)
            </a>
            <a className="btn-secondary" href={wantHref("csv")} download>
              Want list (CSV)
            </a>
          </div>
          <section className="panel" aria-labelledby="missing-title">
            <h2 id="missing-title" className="mb-2 text-lg font-semibold">
              Missing cards and owned stand-ins
            </h2>
            <p className="mb-3 text-sm text-slate-600">
              Stand-ins are cards you own that the deck does not already use: the same colours and printed rings first, then the closest by ring value, colour and
              traits. None would take a title over 5 copies.
            </p>
            <ul className="divide-y divide-slate-100" data-testid="completion-list">
              {proposals.map(({ line, options }) => (
                <li key={line.card.id} className="grid gap-2 py-2 md:grid-cols-[1fr_2fr]">
                  <div>
                    <span className="font-semibold">
                      {line.missing}× {line.card.title}
                    </span>{" "}
                    <span className="text-xs text-slate-500">[{line.card.key}]</span>
                    <div className="mt-0.5 flex items-center gap-2 text-xs text-slate-600">
                      <ColorDots colors={line.card.colors} /> {line.card.rings} rings
                    </div>
                  </div>
                  {options.length === 0 ? (
                    <p className="text-sm text-slate-500">No owned card to stand in.</p>
                  ) : (
                    <ul className="flex flex-wrap gap-2 text-sm">
                      {options.map((o) => (
                        <li key={o.card.id} className="flex items-center gap-1.5 rounded border border-slate-200 px-2 py-1">
                          <ColorDots colors={o.card.colors} />
                          <Link href={`/cards/${o.card.set}/${o.card.number}`} className="underline">
                            {o.card.title}
                          </Link>
                          <span className="text-xs text-slate-500">
                            {o.card.rings} rings · {o.spare} spare{o.exact ? " · same colour and rings" : ""}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}

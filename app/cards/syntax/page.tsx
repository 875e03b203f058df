import type { Metadata } from "next";
import Link from "next/link";
import { MAX_QUERY_DEPTH, MAX_QUERY_LENGTH, MAX_QUERY_NUMBER, MAX_QUERY_TERMS } from "@/lib/catalog/search/limits";
import { SYNTAX_SECTIONS } from "@/lib/catalog/search/help-examples";

export const metadata: Metadata = { title: "Card search syntax" };

/** Help page for the card search language; every example is a working search link. */
export default function SyntaxPage() {
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Card search syntax</h1>
        <p className="mt-2 text-slate-700">
          One search language works on every page that lists cards: the catalog, your collection and the deck editor. Keywords are case-insensitive. A
          search that cannot be read shows where the problem is and what was expected. Click any example to run it.
        </p>
        <p className="mt-2 text-sm text-slate-700">
          Titles ignore case; card text (o:) ignores the case of A–Z. A search can be up to {MAX_QUERY_LENGTH.toLocaleString("en")} characters long,
          with up to {MAX_QUERY_TERMS} terms, {MAX_QUERY_DEPTH} levels of parentheses and “-” inside one another, and numbers up to {MAX_QUERY_NUMBER}.
        </p>
      </div>
      {SYNTAX_SECTIONS.map((s) => (
        <section key={s.title} className="panel" aria-labelledby={`syntax-${s.title}`}>
          <h2 id={`syntax-${s.title}`} className="text-lg font-semibold">
            {s.title}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{s.intro}</p>
          <table className="mt-3 w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">Search</th>
                <th scope="col">Finds</th>
              </tr>
            </thead>
            <tbody>
              {s.examples.map((e) => (
                <tr key={e.q} className="border-t border-slate-100">
                  <td className="py-1.5 pr-4 align-top">
                    <Link href={`/cards?q=${encodeURIComponent(e.q)}`} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-blue-800 hover:bg-blue-100 hover:underline">
                      {e.q}
                    </Link>
                  </td>
                  <td className="py-1.5 text-slate-700">{e.means}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}

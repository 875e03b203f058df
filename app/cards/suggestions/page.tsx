import type { Metadata } from "next";
import Link from "next/link";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import { listMySuggestions } from "@/lib/catalog/data/suggestions";
import { SuggestionCard } from "@/components/catalog/suggestion-card";

export const metadata: Metadata = { title: "My suggestions" };

export default async function MySuggestionsPage({ searchParams }: { searchParams: Promise<{ sent?: string }> }) {
  const actor = await requireUserOrRedirect("/cards/suggestions");
  const [list, sp] = await Promise.all([listMySuggestions(actor), searchParams]);
  return (
    <div className="max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">My suggestions</h1>
        <Link href="/cards/suggest" className="btn-primary ml-auto">
          Suggest a card
        </Link>
      </div>
      <div aria-live="polite">{sp.sent && <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">Thanks! Your suggestion is waiting for review.</p>}</div>
      {list.length === 0 ? (
        <p className="panel text-slate-600">You have not suggested any cards yet.</p>
      ) : (
        list.map((s) => <SuggestionCard key={s.id} s={s} />)
      )}
    </div>
  );
}

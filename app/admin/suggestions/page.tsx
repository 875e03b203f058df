import type { Metadata } from "next";
import Link from "next/link";
import { requireAdminPage } from "@/lib/server/request-actor";
import { listSuggestionsForReview } from "@/lib/catalog/data/suggestions";
import { SuggestionCard } from "@/components/catalog/suggestion-card";
import { ReviewSuggestion } from "@/components/catalog/review-suggestion";

export const metadata: Metadata = { title: "Card suggestions" };

export default async function AdminSuggestionsPage({ searchParams }: { searchParams: Promise<{ accepted?: string; rejected?: string }> }) {
  const actor = await requireAdminPage("/admin/suggestions");
  const [{ pending, reviewed }, sp] = await Promise.all([listSuggestionsForReview(actor), searchParams]);
  const flash = sp.accepted ? `Accepted: ${sp.accepted.slice(0, 30)} is in the catalog.` : sp.rejected ? "Rejected; the suggester will see your reason." : null;
  return (
    <div className="max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Card suggestions</h1>
        <Link href="/admin" className="text-sm text-blue-700 hover:underline">
          ← Admin
        </Link>
      </div>
      <div aria-live="polite">{flash && <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">{flash}</p>}</div>
      <section aria-labelledby="pending-heading" className="space-y-3">
        <h2 id="pending-heading" className="text-lg font-semibold">
          Waiting for review ({pending.length})
        </h2>
        {pending.length === 0 ? (
          <p className="panel text-slate-600">No suggestions are waiting.</p>
        ) : (
          pending.map((s) => (
            <SuggestionCard key={s.id} s={s}>
              <ReviewSuggestion id={s.id} title={s.proposed.title} />
            </SuggestionCard>
          ))
        )}
      </section>
      {reviewed.length > 0 && (
        <section aria-labelledby="reviewed-heading" className="space-y-3">
          <h2 id="reviewed-heading" className="text-lg font-semibold">
            Recently reviewed
          </h2>
          {reviewed.map((s) => (
            <SuggestionCard key={s.id} s={s} />
          ))}
        </section>
      )}
    </div>
  );
}

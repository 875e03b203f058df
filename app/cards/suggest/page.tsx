import type { Metadata } from "next";
import Link from "next/link";
import { requireUserOrRedirect } from "@/lib/dal/session";
import { getCardById } from "@/lib/dal/card-page";
import { suggestCardAction } from "@/lib/actions/suggestions";
import { CardForm } from "@/components/catalog/card-form";

export const metadata: Metadata = { title: "Suggest a card" };

export default async function SuggestPage({ searchParams }: { searchParams: Promise<{ card?: string }> }) {
  const sp = await searchParams;
  await requireUserOrRedirect(sp.card ? `/cards/suggest?card=${encodeURIComponent(sp.card)}` : "/cards/suggest");
  const card = sp.card && sp.card.length <= 64 ? await getCardById(sp.card) : null;
  return (
    <div className="max-w-3xl space-y-4">
      <Link href="/cards/suggestions" className="text-sm text-blue-700 hover:underline">
        My suggestions
      </Link>
      <h1 className="text-2xl font-bold">{card ? `Suggest a correction to ${card.title} (${card.key})` : "Suggest a new card"}</h1>
      <p className="text-slate-700">
        The real card list is not available to Ringbinder, so the catalog grows from its players. An admin reviews every suggestion; you will see whether
        it was accepted, or the reason it was not, on{" "}
        <Link href="/cards/suggestions" className="text-blue-700 underline">
          your suggestions
        </Link>
        .
      </p>
      <div className="panel">
        <CardForm action={suggestCardAction} cardId={card?.id} initial={card ?? undefined} submitLabel="Send suggestion" />
      </div>
    </div>
  );
}

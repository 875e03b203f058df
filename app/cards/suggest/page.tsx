import type { Metadata } from "next";
import Link from "next/link";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import { getCardById } from "@/lib/catalog/data/card-page";
import { suggestCardAction } from "@/lib/catalog/actions/suggestions";
import { CardForm } from "@/components/catalog/card-form";
import { cardPrefillFromParams } from "@/lib/catalog/prefill";

export const metadata: Metadata = { title: "Suggest a card" };

export default async function SuggestPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const cardParam = typeof sp.card === "string" ? sp.card : undefined;
  // a new card may come prefilled (set, number, title) from booster entry
  const prefill = cardPrefillFromParams(sp);
  await requireUserOrRedirect(cardParam ? `/cards/suggest?card=${encodeURIComponent(cardParam)}` : `/cards/suggest${prefill.query}`);
  const card = cardParam && cardParam.length <= 64 ? await getCardById(cardParam) : null;
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
        <CardForm action={suggestCardAction} cardId={card?.id} initial={card ?? prefill.values} submitLabel="Send suggestion" />
      </div>
    </div>
  );
}

import { redirect } from "next/navigation";
import { getCardById } from "@/lib/catalog/data/card-page";
import { cardPrefillFromParams } from "@/lib/catalog/prefill";

/**
 * The old "suggest a card" form is now the census's submission form: one way
 * to propose a card. Its links (booster entry, card pages) keep working: a new
 * card's prefill (set, number, title) carries over, and a correction of a card
 * opens the form prefilled with that printing.
 */
export default async function SuggestPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const cardParam = typeof sp.card === "string" && sp.card.length <= 64 ? sp.card : undefined;
  const card = cardParam ? await getCardById(cardParam) : null;
  if (card) redirect(`/census/new?${new URLSearchParams({ set: card.set, number: String(card.number), title: card.title })}`);
  redirect(`/census/new${cardPrefillFromParams(sp).query}`);
}

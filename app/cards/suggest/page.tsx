import { redirect } from "next/navigation";
import { cardPrefillFromParams } from "@/lib/catalog/prefill";

/**
 * The old "suggest a card" form is the census's submission form now: one way
 * to propose a card. Its old links keep working: a correction of a card
 * (`?card=<id>`) opens the census correction form of that card, and a new
 * card's prefill (set, number, title) carries over.
 */
export default async function SuggestPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const cardParam = typeof sp.card === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(sp.card) ? sp.card : undefined;
  if (cardParam) redirect(`/census/new?correct=${cardParam}`);
  redirect(`/census/new${cardPrefillFromParams(sp).query}`);
}

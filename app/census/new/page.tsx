import type { Metadata } from "next";
import Link from "next/link";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import { cardPrefillFromParams } from "@/lib/catalog/prefill";
import { getCardById } from "@/lib/catalog/data/card-page";
import { SubmitPrintingForm } from "@/components/census/submit-form";

export const metadata: Metadata = { title: "Submit a printing" };

export default async function NewSubmissionPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  // a correction names its card (?correct=<card id>, from "Propose a correction" on a card page); a new
  // printing may come prefilled (set, number, title) from booster entry or a set checklist
  const correctParam = typeof sp.correct === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(sp.correct) ? sp.correct : undefined;
  const prefill = cardPrefillFromParams(sp);
  await requireUserOrRedirect(correctParam ? `/census/new?correct=${correctParam}` : `/census/new${prefill.query}`);
  const card = correctParam ? await getCardById(correctParam) : null;
  return (
    <div className="max-w-3xl space-y-4">
      <Link href={card ? `/cards/${encodeURIComponent(card.set)}/${card.number}` : "/census"} className="text-sm text-blue-700 hover:underline dark:text-blue-300">
        {card ? `← ${card.key} ${card.title}` : "← Census queue"}
      </Link>
      <h1 className="text-2xl font-bold">{card ? `Propose a correction to ${card.key}` : "Submit a printing"}</h1>
      {card ? (
        <p className="text-slate-700">
          The form holds what the catalog says of {card.title} now. Change the fields that are wrong (the set and number stay), and add a photo of the card as the
          evidence. Two other people confirm each field against your photo, or an admin does, and only then does the card change
          {card.unofficial ? " (it stays in the unofficial demo set)" : ""}.
        </p>
      ) : (
        <p className="text-slate-700">
          Type what the card says, exactly as printed, and add a photo of its front (the back is optional). Others then confirm each field against your photo. The
          structured effect is optional: it is checked against the rules engine and shown in words before anyone confirms it.
        </p>
      )}
      <div className="panel">
        <SubmitPrintingForm
          cardId={card?.id}
          initial={
            card
              ? { set: card.set, number: card.number, title: card.title, traits: card.traits, colors: card.colors, rings: card.rings, rarity: card.rarity, text: card.text, effect: card.effect }
              : prefill.values
          }
        />
      </div>
    </div>
  );
}

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cachedCardPage } from "@/lib/catalog/data/public-pages";
import { PRINTINGS_SHOWN } from "@/lib/catalog/data/card-page";
import { CardPage } from "@/components/catalog/card-page";
import { cardEvidence } from "@/lib/census/data/evidence";
import { CardEvidence } from "@/components/census/card-evidence";

type Params = Promise<{ set: string; number: string }>;

// Rendered once per card for everyone (no session read here: "In your binder"
// is asked for by the browser), kept until a catalog or public-deck write
// invalidates it (lib/catalog/data/public-pages.ts).
export const revalidate = 60;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { set, number } = await params;
  const page = await cachedCardPage(set, number);
  if (!page) return { title: "Card not found" };
  const c = page.card;
  const title = `${c.title} (${c.key})`;
  const description = `${c.rings} rings · ${c.colors.join("/")}${c.traits.length ? ` · ${c.traits.join(", ")}` : ""} · ${c.setName}. A Sonic X TCG card on Ringbinder.`;
  return { title, description, openGraph: { title, description, siteName: "Ringbinder" }, twitter: { card: "summary_large_image", title, description } };
}

export default async function CardRoute({ params }: { params: Params }) {
  const { set, number } = await params;
  const page = await cachedCardPage(set, number);
  if (!page) notFound();
  const { card, printings, publicDecks } = page;
  const evidence = await cardEvidence(card.set, card.number);
  return (
    <div className="space-y-6">
      <CardPage page={{ card, printings: printings.slice(0, PRINTINGS_SHOWN), morePrintings: printings.length > PRINTINGS_SHOWN, publicDecks }} />
      <CardEvidence evidence={evidence} />
    </div>
  );
}

import { NextResponse } from "next/server";
import { DomainError } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";
import { getCardBySetNumber } from "@/lib/catalog/data/card-page";
import { explainEffect } from "@/lib/catalog/describe-effect";
import { artHref } from "@/lib/catalog/art";
import { cardHref } from "@/components/catalog/card-grid";
import type { CardZoomDTO } from "@/lib/catalog/card-types";

/** GET /api/cards/<key>: public card data for the zoom (cached briefly; catalog edits show within minutes). */
export async function GET(_request: Request, { params }: { params: Promise<{ key: string }> }) {
  const { key } = await params;
  const m = /^([A-Za-z0-9-]{1,20})-(\d{1,6})$/.exec(key);
  const card = m ? await getCardBySetNumber(m[1], m[2]) : null;
  if (!card) return jsonError(new DomainError("card/not-found", "No such card."));
  const body: CardZoomDTO = {
    key: card.key,
    href: cardHref(card),
    title: card.title,
    traits: card.traits,
    colors: card.colors,
    rings: card.rings,
    rarity: card.rarity,
    text: card.text,
    effect: explainEffect(card.effect),
    image: card.imageUrl ?? artHref(card),
    setName: card.setName,
  };
  return NextResponse.json(body, { headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=3600" } });
}

import { NextResponse } from "next/server";
import { z } from "zod";
import { defineRoute } from "@/lib/server/route";
import { DomainError, failure } from "@/lib/server/errors";
import { getCardBySetNumber } from "@/lib/catalog/data/card-page";
import { explainEffect } from "@/lib/catalog/describe-effect";
import { artHref } from "@/lib/catalog/art";
import { cardHref } from "@/components/catalog/card-grid";
import type { CardZoomDTO } from "@/lib/catalog/card-types";

const NO_CARD = "No such card.";

/** GET /api/cards/<key>: public card data for the zoom (cached briefly; catalog edits show within minutes). */
export const GET = defineRoute({
  input: z.object({ key: z.string().regex(/^([A-Za-z0-9-]{1,20})-(\d{1,6})$/) }),
  invalid: () => new DomainError("card/not-found", NO_CARD),
  auth: "public",
  run: async ({ key }) => {
    const m = /^([A-Za-z0-9-]{1,20})-(\d{1,6})$/.exec(key);
    const card = m ? await getCardBySetNumber(m[1], m[2]) : null;
    if (!card) return failure("card/not-found", NO_CARD);
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
  },
});

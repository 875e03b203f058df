import { NextResponse } from "next/server";
import { z } from "zod";
import { defineRoute } from "@/lib/server/route";
import { myCardUsage } from "@/lib/catalog/data/card-page";

/** GET /api/me/card-usage?card=ID — the signed-in user's copies of a card and their decks using it (the card page's "In your binder"). Never cached. */
export const GET = defineRoute({
  input: z.object({ card: z.string({ error: "A card id is required." }).regex(/^[A-Za-z0-9_-]{1,40}$/, "A card id is required.") }),
  auth: "user",
  run: async ({ card }, actor) => NextResponse.json(await myCardUsage(actor, card), { headers: { "Cache-Control": "private, no-store" } }),
});

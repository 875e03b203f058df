import { NextResponse } from "next/server";
import { z } from "zod";
import { defineRoute } from "@/lib/server/route";
import { lookupCards } from "@/lib/collection/data";

/** GET /api/collection/lookup?q=7 — cards for booster entry by number or title fragment, with the signed-in user's counts. */
export const GET = defineRoute({
  input: z.object({ q: z.string().max(60, "The search term is at most 60 characters").default("") }),
  auth: "user",
  run: async ({ q }, actor) => NextResponse.json({ cards: await lookupCards(actor, q) }, { headers: { "Cache-Control": "private, no-store" } }),
});

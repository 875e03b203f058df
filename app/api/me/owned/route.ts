import { NextResponse } from "next/server";
import { z } from "zod";
import { defineRoute } from "@/lib/server/route";
import { getMyOwnedCountsFor } from "@/lib/decks/data";

const idsSchema = z
  .string()
  .max(20_000, "Too many card ids")
  .default("")
  .transform((s) => s.split(",").filter(Boolean))
  .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "A card id is malformed")).max(500, "At most 500 card ids"));

/** GET /api/me/owned?ids=a,b — the signed-in user's copies of these cards (the owned marks on cached deck pages). Never cached. */
export const GET = defineRoute({
  input: z.object({ ids: idsSchema }),
  auth: "user",
  run: async ({ ids }, actor) => NextResponse.json({ owned: await getMyOwnedCountsFor(actor, ids) }, { headers: { "Cache-Control": "private, no-store" } }),
});

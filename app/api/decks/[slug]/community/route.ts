import { NextResponse } from "next/server";
import { z } from "zod";
import { defineRoute } from "@/lib/server/route";
import { getDeckCommunity } from "@/lib/community/data";
import { shareSlugSchema } from "@/lib/community/schemas";
import { DomainError, failure } from "@/lib/server/errors";

const NO_DECK = "This deck does not exist.";

/**
 * GET /api/decks/<slug>/community: a shared deck's counts, and for public decks
 * the comments and the viewer's like, as the person asking sees them (hidden
 * comments only to their author and admins). 404 for private and unknown decks.
 * Loaded by the deck page in the browser, so the page itself needs no session.
 */
export const GET = defineRoute({
  input: z.object({ slug: shareSlugSchema }),
  invalid: () => new DomainError("deck/not-found", NO_DECK),
  auth: "public",
  run: async ({ slug }, actor) => {
    const body = await getDeckCommunity(actor, slug);
    return body ? NextResponse.json(body, { headers: { "Cache-Control": "private, no-store" } }) : failure("deck/not-found", NO_DECK);
  },
});

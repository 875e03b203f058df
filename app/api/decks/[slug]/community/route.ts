import { NextResponse } from "next/server";
import { getDeckCommunity } from "@/lib/community/data";
import { shareSlugSchema } from "@/lib/community/schemas";
import { DomainError } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";

/**
 * GET /api/decks/<slug>/community: a shared deck's counts, and for public decks
 * the comments and the viewer's like, as the person asking sees them (hidden
 * comments only to their author and admins). 404 for private and unknown decks.
 * Loaded by the deck page in the browser, so the page itself needs no session.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const slug = shareSlugSchema.safeParse((await params).slug);
  const body = slug.success ? await getDeckCommunity(slug.data) : null;
  if (!body) return jsonError(new DomainError("deck/not-found", "This deck does not exist."));
  return NextResponse.json(body, { headers: { "Cache-Control": "private, no-store" } });
}

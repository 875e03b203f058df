import { NextResponse, type NextRequest } from "next/server";
import { DomainError } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";
import { myCardUsage } from "@/lib/catalog/data/card-page";

/** GET /api/me/card-usage?card=ID — the signed-in user's copies of a card and their decks using it (the card page's "In your binder"). Never cached. */
export async function GET(request: NextRequest) {
  const card = request.nextUrl.searchParams.get("card") ?? "";
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(card)) return jsonError(new DomainError("input/invalid", "A card id is required."));
  try {
    return NextResponse.json(await myCardUsage(card), { headers: { "Cache-Control": "private, no-store" } });
  } catch (err) {
    return jsonError(err);
  }
}

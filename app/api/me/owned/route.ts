import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { DomainError } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";
import { getMyOwnedCountsFor } from "@/lib/decks/data";

const idsSchema = z
  .string()
  .max(20_000, "Too many card ids")
  .transform((s) => s.split(",").filter(Boolean))
  .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "A card id is malformed")).max(500, "At most 500 card ids"));

/** GET /api/me/owned?ids=a,b — the signed-in user's copies of these cards (the owned marks on cached deck pages). Never cached. */
export async function GET(request: NextRequest) {
  const parsed = idsSchema.safeParse(request.nextUrl.searchParams.get("ids") ?? "");
  if (!parsed.success) return jsonError(new DomainError("input/invalid", parsed.error.issues[0]?.message ?? "Bad card ids."));
  try {
    const owned = await getMyOwnedCountsFor(parsed.data);
    return NextResponse.json({ owned }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (err) {
    return jsonError(err);
  }
}

import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { DomainError } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";
import { lookupCards } from "@/lib/collection/data";

const querySchema = z.object({ q: z.string().max(60, "The search term is at most 60 characters").default("") });

/** GET /api/collection/lookup?q=7 — cards for booster entry by number or title fragment, with the signed-in user's counts. */
export async function GET(request: NextRequest) {
  const parsed = querySchema.safeParse({ q: request.nextUrl.searchParams.get("q") ?? undefined });
  if (!parsed.success) return jsonError(new DomainError("input/invalid", parsed.error.issues[0]?.message ?? "Bad lookup request."));
  try {
    const cards = await lookupCards(parsed.data.q);
    return NextResponse.json({ cards }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (err) {
    return jsonError(err);
  }
}

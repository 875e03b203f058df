import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { AuthError, requireUser } from "@/lib/dal/session";
import { lookupCards } from "@/lib/dal/collection";

const querySchema = z.object({ q: z.string().max(60, "The search term is at most 60 characters").default("") });

/** GET /api/collection/lookup?q=7 — cards for booster entry by number or title fragment, with the signed-in user's counts. */
export async function GET(request: NextRequest) {
  const parsed = querySchema.safeParse({ q: request.nextUrl.searchParams.get("q") ?? undefined });
  if (!parsed.success) return NextResponse.json({ error: "lookup/bad-query", message: parsed.error.issues[0]?.message }, { status: 400 });
  try {
    await requireUser();
    const cards = await lookupCards(parsed.data.q);
    return NextResponse.json({ cards }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (err) {
    if (err instanceof AuthError) return NextResponse.json({ error: err.code, message: "Please sign in first." }, { status: 401 });
    throw err;
  }
}

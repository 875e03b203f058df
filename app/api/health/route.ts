import { NextResponse } from "next/server";
import { catalogStats } from "@/lib/dal/cards";
import { DomainError } from "@/lib/errors";
import { jsonError } from "@/lib/http-error";

/** Liveness and readiness: the app is up and its database answers. */
export async function GET() {
  try {
    const stats = await catalogStats();
    return NextResponse.json({ ok: true, cards: stats.cards });
  } catch {
    return jsonError(new DomainError("health/unavailable", "The database does not answer.", { status: 503 }));
  }
}

import { NextResponse } from "next/server";
import { catalogStats } from "@/lib/dal/cards";

/** Liveness and readiness: the app is up and its database answers. */
export async function GET() {
  try {
    const stats = await catalogStats();
    return NextResponse.json({ ok: true, cards: stats.cards });
  } catch {
    return NextResponse.json({ ok: false }, { status: 503 });
  }
}

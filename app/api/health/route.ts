import { NextResponse } from "next/server";
import { databaseAnswers } from "@/lib/catalog/data/cards";
import { DomainError } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";

/** Liveness and readiness: the app is up and its database answers. */
export async function GET() {
  try {
    await databaseAnswers();
    return NextResponse.json({ ok: true });
  } catch {
    return jsonError(new DomainError("health/unavailable", "The database does not answer.", { status: 503 }));
  }
}

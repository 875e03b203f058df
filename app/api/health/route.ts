import { NextResponse } from "next/server";
import { defineRoute, noInput } from "@/lib/server/route";
import { databaseAnswers } from "@/lib/catalog/data/cards";
import { DomainError } from "@/lib/server/errors";

/** Liveness and readiness: the app is up and its database answers. */
export const GET = defineRoute({
  input: noInput,
  auth: "public",
  run: async () => {
    try {
      await databaseAnswers();
    } catch {
      throw new DomainError("health/unavailable", "The database does not answer.", { status: 503 });
    }
    return NextResponse.json({ ok: true });
  },
});

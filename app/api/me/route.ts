import { NextResponse } from "next/server";
import { defineRoute, noInput } from "@/lib/server/route";

/**
 * Who is signed in, for the parts of cached public pages that differ per
 * visitor (the header's account menu, sign-in prompts). Never cached.
 */
export const GET = defineRoute({
  input: noInput,
  auth: "public",
  run: async (_input, actor) =>
    NextResponse.json({ user: actor ? { displayName: actor.displayName, role: actor.role } : null }, { headers: { "Cache-Control": "private, no-store" } }),
});

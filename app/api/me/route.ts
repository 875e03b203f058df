import { NextResponse } from "next/server";
import { getCurrentUser } from "@/lib/server/session";

/**
 * Who is signed in, for the parts of cached public pages that differ per
 * visitor (the header's account menu, sign-in prompts). Never cached.
 */
export async function GET() {
  const user = await getCurrentUser();
  return NextResponse.json(
    { user: user ? { displayName: user.displayName, role: user.role } : null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

import { NextResponse } from "next/server";
import { defineRoute, noInput } from "@/lib/server/route";
import { lookupIndex } from "@/lib/collection/data";

/**
 * GET /api/collection/lookup-index — every card booster entry can find, with the signed-in user's counts: kept on
 * the device so packs can be entered offline (docs/offline.md). Private, never cached by anything but that device.
 */
export const GET = defineRoute({
  input: noInput,
  auth: "user",
  run: async (_input, actor) => NextResponse.json({ cards: await lookupIndex(actor), savedAt: new Date().toISOString() }, { headers: { "Cache-Control": "private, no-store" } }),
});

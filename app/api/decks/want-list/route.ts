import { NextResponse } from "next/server";
import { z } from "zod";
import { toSafeCsv } from "@/lib/util/csv";
import { getDeckCompletion } from "@/lib/lab/data";
import { defineRoute } from "@/lib/server/route";
import { formatDeckText } from "@/lib/decks";
import { missingLines, wantListRows } from "@/lib/decks/completion";
import { parseSource } from "@/lib/lab/params";
import { CSV_COLUMNS } from "@/lib/collection/transfer";
import { cardKey } from "@/lib/catalog/keys";

const querySchema = z.object({
  deck: z.string({ error: "deck is required" }).min(1, "deck is required").max(4100).transform((s, ctx) => parseSource(s) ?? (ctx.addIssue({ code: "custom", message: "deck must be starter:, deck:, slug: or code:" }), z.NEVER)),
  format: z.enum(["csv", "text"], { error: "format must be csv or text" }).default("text"),
});

/**
 * GET /api/decks/want-list?deck=SOURCE&format=text|csv — the copies of a deck
 * the signed-in user does not own: as deck text ("2 Sonic [DEMO-053]") or as
 * CSV in the collection import columns (set, number, title, quantity).
 */
export const GET = defineRoute({
  input: querySchema,
  auth: "user",
  run: async ({ deck, format }, actor) => {
    const r = await getDeckCompletion(actor, deck);
    if (!r.ok) return r;
    const rows = wantListRows(missingLines(r.lines));
    const csv = format === "csv";
    const body = csv ? toSafeCsv(CSV_COLUMNS, rows.map((w) => [w.set, String(w.number), w.title, String(w.quantity)])) : formatDeckText(rows.map((w) => ({ key: cardKey(w.set, w.number), title: w.title, quantity: w.quantity })), `Want list for ${r.name}`);
    const file = `want-list-${r.name.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase() || "deck"}.${csv ? "csv" : "txt"}`;
    return new NextResponse(body, {
      headers: {
        "Content-Type": csv ? "text/csv; charset=utf-8" : "text/plain; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file}"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
});

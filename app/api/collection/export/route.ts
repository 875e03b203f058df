import { NextResponse } from "next/server";
import { z } from "zod";
import { defineRoute } from "@/lib/server/route";
import { exportCollection } from "@/lib/collection/data";
import { toCollectionCsv, toCollectionJson, totalRows } from "@/lib/collection/transfer";
import { TRANSFER_FORMATS } from "@/lib/collection/schemas";
import { tradeBinderRows } from "@/lib/decks/completion";

/**
 * GET /api/collection/export?format=csv|json[&binder=trade] — the signed-in
 * user's collection as a download, in the import format; `binder=trade` keeps
 * only the copies beyond 5 of each title (a trade binder).
 */
export const GET = defineRoute({
  input: z.object({
    format: z.enum(TRANSFER_FORMATS, { error: "format must be csv or json" }).default("csv"),
    binder: z.enum(["all", "trade"], { error: "binder must be all or trade" }).default("all"),
  }),
  auth: "user",
  run: async ({ format, binder }, actor) => {
    const all = await exportCollection(actor);
    const rows = binder === "trade" ? tradeBinderRows(totalRows(all)) : all;
    const now = new Date();
    const stamp = now.toISOString().slice(0, 10);
    const body = format === "csv" ? toCollectionCsv(rows) : toCollectionJson(rows, now);
    return new NextResponse(body, {
      headers: {
        "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="ringbinder-${binder === "trade" ? "trade-binder" : "collection"}-${stamp}.${format}"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
});

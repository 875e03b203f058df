import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { DomainError } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";
import { exportCollection } from "@/lib/collection/data";
import { toCollectionCsv, toCollectionJson } from "@/lib/collection/transfer";
import { TRANSFER_FORMATS } from "@/lib/collection/schemas";
import { tradeBinderRows } from "@/lib/decks/completion";

const querySchema = z.object({
  format: z.enum(TRANSFER_FORMATS, { error: "format must be csv or json" }).default("csv"),
  binder: z.enum(["all", "trade"], { error: "binder must be all or trade" }).default("all"),
});

/**
 * GET /api/collection/export?format=csv|json[&binder=trade] — the signed-in
 * user's collection as a download, in the import format; `binder=trade` keeps
 * only the copies beyond 5 of each title (a trade binder).
 */
export async function GET(request: NextRequest) {
  const parsed = querySchema.safeParse({ format: request.nextUrl.searchParams.get("format") ?? undefined, binder: request.nextUrl.searchParams.get("binder") ?? undefined });
  if (!parsed.success) return jsonError(new DomainError("input/invalid", parsed.error.issues[0]?.message ?? "Bad export request."));
  try {
    const all = await exportCollection();
    const rows = parsed.data.binder === "trade" ? tradeBinderRows(all) : all;
    const now = new Date();
    const stamp = now.toISOString().slice(0, 10);
    const { format } = parsed.data;
    const body = format === "csv" ? toCollectionCsv(rows) : toCollectionJson(rows, now);
    return new NextResponse(body, {
      headers: {
        "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="ringbinder-${parsed.data.binder === "trade" ? "trade-binder" : "collection"}-${stamp}.${format}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (err) {
    return jsonError(err);
  }
}

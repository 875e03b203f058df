import { z } from "zod";
import { defineRoute } from "@/lib/server/route";
import { exportCatalog } from "@/lib/catalog/data/catalog-import";
import { toCsv, toJson } from "@/lib/catalog/io";

/** Admin: the whole catalog as a download, `?format=csv` or JSON (default). */
export const GET = defineRoute({
  input: z.object({ format: z.string().optional().transform((f) => (f === "csv" ? "csv" : "json")) }),
  auth: "admin",
  run: async ({ format }, actor) => {
    const cards = await exportCatalog(actor);
    const date = new Date().toISOString().slice(0, 10);
    const body = format === "csv" ? toCsv(cards) : toJson(cards);
    return new Response(body, {
      headers: {
        "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="ringbinder-catalog-${date}.${format}"`,
        "Cache-Control": "no-store",
      },
    });
  },
});
